import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { GlobalStyle } from './global-style';
import { theme } from './theme';

/**
 * For the server builds that prerender a first screen (mf-landing's and the shell's): `element` in the theme, as
 * HTML for #root and the CSS it uses as plain text, for a <style> of the gateway's. Never in a browser bundle.
 */
export function renderFirstScreen(element: ReactElement): { html: string; css: string } {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          {element}
        </ThemeProvider>,
      ),
    );
    // Plain CSS: without the data-styled tag the browser's styled-components would adopt it as its own.
    const css = sheet.getStyleTags().replace(/<\/?style[^>]*>/g, '').replace(/\/\*!sc\*\/\n?/g, '');
    return { html, css };
  } finally {
    sheet.seal();
  }
}
