import { Button } from '@midway/ui';
import { PAGE_HEADINGS, PageHeader, PageStack } from '@midway/ui/data';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useProjects } from '../api/catalog-queries';
import CreateProjectDialog from '../create-project/create-project-dialog';
import { ProjectsTable } from './projects-table';

/** Projects (/projects): the title, a New Project button and the list. */
export default function ProjectsPage() {
  const projects = useProjects();
  const [creating, setCreating] = useState(false);
  return (
    <PageStack>
      <PageHeader
        title={PAGE_HEADINGS.projects.title}
        subtitle={PAGE_HEADINGS.projects.subtitle}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            New Project
          </Button>
        }
      />
      <ProjectsTable title="All Projects" projects={projects.data} isLoading={projects.isLoading} />
      <CreateProjectDialog open={creating} onOpenChange={setCreating} />
    </PageStack>
  );
}
