import type { LandingPrerender } from '@midway/contracts';
import { GlobalStyle, theme } from '@midway/ui';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import LandingPage from './landing-page';

/** Server entry (built for Node by webpack.config.cjs): the landing's first screen as HTML and CSS. */
export const renderFirstScreen: LandingPrerender['renderFirstScreen'] = (props) => {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <LandingPage {...props} firstScreenOnly />
        </ThemeProvider>,
      ),
    );
    // Plain CSS: without the data-styled tag the browser's styled-components would adopt it as its own.
    const css = sheet.getStyleTags().replace(/<\/?style[^>]*>/g, '').replace(/\/\*!sc\*\/\n?/g, '');
    return { html, css };
  } finally {
    sheet.seal();
  }
};
