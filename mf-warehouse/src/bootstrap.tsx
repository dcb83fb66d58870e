import { mountPreview } from '@midway/ui/preview';
import WarehouseRoutes from './routes';

/** Standalone preview of the remote (/remotes/mf-warehouse/index.html, signed in through the gateway as an admin); in the product the shell mounts ./Routes. */
mountPreview(<WarehouseRoutes page="receiving" />);
