import type { ShellPrerender } from '@midway/contracts';
import { renderFirstScreen } from '@midway/ui/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import AppLayout from './layout/app-layout';
import { frameForPath } from './routes/page-frames';

/**
 * Server entry (built for Node by webpack.config.cjs): a signed-in page's first screen, the layout around the frame
 * its route shows while loading, as HTML and CSS. The gateway puts it into the page, so the sidebar, header and the
 * page's heading paint with the HTML; the shell's first commit then replaces it with the page (bootstrap.tsx).
 */
export const renderSignedInFrame: ShellPrerender['renderSignedInFrame'] = (props) => {
  const frame = frameForPath(props);
  if (!frame) return null;
  return renderFirstScreen(
    // The layout's header buttons and settings read the query client; nothing is fetched on the server.
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location={props.path}>
        {/* Until the shell replaces the frame its buttons do nothing: disabled (links still navigate), so a click
            waits for the real ones instead of being lost. display: contents keeps the layout as it will be. */}
        <fieldset disabled style={{ display: 'contents' }}>
          <AppLayout user={props.user}>{frame}</AppLayout>
        </fieldset>
      </StaticRouter>
    </QueryClientProvider>,
  );
};
