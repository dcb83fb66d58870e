import type { LandingPrerender } from '@midway/contracts';
import { renderFirstScreen as render } from '@midway/ui/server';
import LandingPage from './landing-page';

/** Server entry (built for Node by webpack.config.cjs): the landing's first screen as HTML and CSS. */
export const renderFirstScreen: LandingPrerender['renderFirstScreen'] = (props) => render(<LandingPage {...props} firstScreenOnly />);
