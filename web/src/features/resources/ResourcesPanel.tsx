import type { ConnInfo } from '../../../../protocol/session.js';

export interface ResourcesPanelProps {
  info: ConnInfo;
  dark: boolean;
  /** A URI to read at once (from a resource_link elsewhere). */
  readRequest?: { uri: string; at: number } | undefined;
}

export function ResourcesPanel({ info }: ResourcesPanelProps) {
  return <p className="empty">Resources of {info.conn}: coming next.</p>;
}
