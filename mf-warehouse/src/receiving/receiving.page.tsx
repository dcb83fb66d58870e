import { PAGE_HEADINGS, PageHeader, PageStack } from '@midway/ui/data';

export const { title: RECEIVING_TITLE, subtitle: RECEIVING_SUBTITLE } = PAGE_HEADINGS.receiving;

/** The receiving desk (admins only; the shell's route guards it and the API answers 403 to anyone else). */
export default function ReceivingPage() {
  return (
    <PageStack>
      <PageHeader title={RECEIVING_TITLE} subtitle={RECEIVING_SUBTITLE} />
    </PageStack>
  );
}
