import { mountPreview } from '@midway/ui/preview';
import ProjectsRoutes from './routes';

/**
 * Standalone preview of the remote (/remotes/mf-projects/index.html, signed in through the gateway); in the product
 * the shell mounts ./Routes and ./CreateProjectDialog, and /client/{token} is served by client.html.
 */
mountPreview(<ProjectsRoutes page="dashboard" />);
