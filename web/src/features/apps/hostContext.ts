/**
 * What MCP Lens tells an app about itself as its host (`ui/initialize`'s answer): what it can do
 * for the app and the context it renders in. Kept apart from the frame so the values are read in
 * one place and the tests can see them.
 */
import type { McpUiHostCapabilities, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppCsp } from '../../../../protocol/apps/csp.js';

export const HOST_INFO = { name: 'MCP Lens', version: '1' };
/** The tallest an app's frame grows to before it scrolls. */
export const MAX_APP_HEIGHT = 720;

export function hostCapabilities(csp: AppCsp, permissions: Record<string, unknown>): McpUiHostCapabilities {
  return {
    openLinks: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    message: { text: {} },
    updateModelContext: { text: {}, structuredContent: {} },
    sandbox: {
      csp: {
        connectDomains: csp.allowed.connectDomains,
        resourceDomains: csp.allowed.resourceDomains,
        frameDomains: csp.allowed.frameDomains,
        baseUriDomains: csp.allowed.baseUriDomains,
      },
      permissions,
    },
  };
}

export function hostContext(options: {
  theme: 'light' | 'dark';
  tool: Record<string, unknown>;
  requestId?: string | number;
  width: number;
}): McpUiHostContext {
  return {
    theme: options.theme,
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    containerDimensions: { maxHeight: MAX_APP_HEIGHT, width: Math.max(1, Math.round(options.width)) },
    platform: 'web',
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: 'MCP Lens',
    deviceCapabilities: { hover: true, touch: false },
    toolInfo: {
      ...(options.requestId === undefined ? {} : { id: options.requestId }),
      tool: options.tool as NonNullable<McpUiHostContext['toolInfo']>['tool'],
    },
  };
}
