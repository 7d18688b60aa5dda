import type { ConnInfo } from '../../../../protocol/session.js';

export function PromptsPanel({ info }: { info: ConnInfo; dark: boolean }) {
  return <p className="empty">Prompts of {info.conn}: coming next.</p>;
}
