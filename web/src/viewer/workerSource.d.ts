/** The viewer's timeline worker, built first and handed to the page's bundle as text (scripts/buildViewer.mjs). */
declare module 'virtual:mcp-lens-viewer-worker' {
  const source: string;
  export default source;
}
