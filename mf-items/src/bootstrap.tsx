import { mountPreview } from '@midway/ui/preview';
import ItemsRoutes from './routes';

/** Standalone preview of the remote (/remotes/mf-items/index.html, signed in through the gateway); in the product the shell mounts ./Routes. */
mountPreview(<ItemsRoutes page="items" />);
