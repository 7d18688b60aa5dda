/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension) as a tool shows them: which UI resource a
 * tool's result renders in, who may call the tool (the model, the app, or both), and what an app
 * resource must be. Pure; every value came from a server and is read defensively.
 */

export const UI_EXTENSION = 'io.modelcontextprotocol/ui';
/** The MIME type of an app's HTML: any other is not rendered as an app. */
export const APP_MIME = 'text/html;profile=mcp-app';
/** The sandbox proxy's own notifications (web hosts): it is ready; here is the app's HTML. */
export const SANDBOX_PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
export const SANDBOX_RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
/** The permissions an app's resource may ask for, and the iframe `allow` feature of each. */
export const PERMISSION_FEATURES: Readonly<Record<string, string>> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};
/** The key older servers put the URI under, flat in `_meta`. */
const LEGACY_URI_KEY = 'ui/resourceUri';

export type Visibility = 'model' | 'app';

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The tool's `_meta.ui`, when it is an object. */
export function toolUi(tool: unknown): Record<string, unknown> | undefined {
  return record(record(record(tool)?._meta)?.ui);
}

/** The `ui://` resource a tool renders its results in, if it names one. */
export function appResourceUri(tool: unknown): string | undefined {
  const uri = toolUi(tool)?.resourceUri ?? record(record(tool)?._meta)?.[LEGACY_URI_KEY];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/** Who may call the tool: both unless `_meta.ui.visibility` narrows it. */
export function toolVisibility(tool: unknown): Visibility[] {
  const declared = toolUi(tool)?.visibility;
  if (!Array.isArray(declared)) return ['model', 'app'];
  return declared.filter((v): v is Visibility => v === 'model' || v === 'app');
}

/** An app may call it: visibility includes "app". */
export function appMayCall(tool: unknown): boolean {
  return toolVisibility(tool).includes('app');
}

/** Only an app may call it: a host hides it from the model; MCP Lens lists it, marked. */
export function appOnly(tool: unknown): boolean {
  const v = toolVisibility(tool);
  return v.includes('app') && !v.includes('model');
}

export interface AppResource {
  uri: string;
  html: string;
  mimeType?: string;
  /** The resource's `_meta.ui` (csp, permissions, domain, prefersBorder). */
  ui: Record<string, unknown>;
}

/**
 * The app's HTML from a resources/read result: the content whose URI is the one asked for (or
 * the first), text or base64 blob. A reason instead when there is none to render.
 */
export function appResourceFrom(uri: string, result: unknown): AppResource | { problem: string } {
  const contents = record(result)?.contents;
  if (!Array.isArray(contents) || contents.length === 0) return { problem: 'resources/read returned no contents' };
  const item = record(contents.find((c) => record(c)?.uri === uri) ?? contents[0]);
  if (!item) return { problem: 'the resource content is not an object' };
  let html: string | undefined;
  if (typeof item.text === 'string') html = item.text;
  else if (typeof item.blob === 'string') {
    try {
      html = new TextDecoder().decode(Uint8Array.from(atob(item.blob), (c) => c.charCodeAt(0)));
    } catch {
      return { problem: 'the resource blob is not base64' };
    }
  }
  if (html === undefined) return { problem: 'the resource has neither text nor blob' };
  const mimeType = typeof item.mimeType === 'string' ? item.mimeType : undefined;
  return { uri, html, ...(mimeType === undefined ? {} : { mimeType }), ui: record(record(item._meta)?.ui) ?? {} };
}

/** The iframe `allow` features an app's declared permissions ask for (only those the extension names). */
export function allowFeatures(permissions: unknown): string[] {
  const asked = record(permissions) ?? {};
  return Object.entries(PERMISSION_FEATURES)
    .filter(([key]) => asked[key] !== undefined && asked[key] !== false)
    .map(([, feature]) => feature);
}
