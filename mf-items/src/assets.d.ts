/** CSS files are bundled as text (asset/source in webpack.config.cjs), injected by the code that needs them. */
declare module '*.css' {
  const css: string;
  export default css;
}
