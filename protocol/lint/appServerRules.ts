/**
 * What the MCP Apps extension asks of a server, judged from what any client sees: the tools it
 * lists (a UI tool names a `ui://` resource; its CSP and permissions belong to that resource) and
 * the UI resources it serves (HTML of the profile `mcp-app`). `mcp-lens check` reads both.
 */
import { APP_MIME, toolUi } from '../apps/appTool.js';
import { asRecord, describeRequest, type Check, type RequestInfo } from './state.js';

/** A tool of a tools/list result, its label in a finding. */
export function checkAppTool(check: Check, where: string, label: string, tool: Record<string, unknown>): void {
  const ui = toolUi(tool);
  const flat = asRecord(tool._meta)?.['ui/resourceUri'];
  const uri = ui?.resourceUri ?? flat;
  if (uri !== undefined && (typeof uri !== 'string' || !uri.startsWith('ui://'))) {
    check.report(
      'app-resource-uri',
      `In the ${where} result, ${label} names ${JSON.stringify(uri)} as its UI resource; it must be a ui:// URI`,
    );
  }
  const misplaced = ['csp', 'permissions'].filter((key) => ui?.[key] !== undefined);
  if (misplaced.length > 0) {
    check.report(
      'app-tool-meta-misplaced',
      `In the ${where} result, ${label} puts ${misplaced.join(' and ')} in its _meta.ui; hosts read them from the UI resource's _meta.ui, not the tool's`,
    );
  }
}

/** A resources/read of a ui:// resource: each content is the app's HTML, of the mcp-app profile. */
export function checkAppResource(check: Check, request: RequestInfo, result: Record<string, unknown>): void {
  if (request.uri === undefined || !request.uri.startsWith('ui://') || !Array.isArray(result.contents)) return;
  for (const entry of result.contents) {
    const content = asRecord(entry);
    if (!content) continue;
    const mime = content.mimeType;
    if (mime !== APP_MIME) {
      check.report(
        'app-resource-mime',
        `The ${describeRequest(request)} result gives ${typeof content.uri === 'string' ? content.uri : 'a content'} as ${mime === undefined ? 'no mimeType' : JSON.stringify(mime)}; a UI resource is ${APP_MIME}`,
      );
      return;
    }
  }
}
