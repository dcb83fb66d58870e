import { mountPreview } from '@midway/ui/preview';
import BillingRoutes from './routes';

/** Standalone preview of the remote (/remotes/mf-billing/index.html, signed in through the gateway); in the product the shell mounts ./Routes. */
mountPreview(<BillingRoutes page="billing" />);
