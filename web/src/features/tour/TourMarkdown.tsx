/**
 * A tour's words: Markdown without raw HTML (a tour file is a file someone handed you), links
 * out of the app in a new tab, links into it inert (the fragment holds the token).
 */
import Markdown from 'react-markdown';
import type { ReactNode } from 'react';
import { outsideLink } from '../results/ContentBlocks.js';

function TourLink({ href, children }: { href?: string; children?: ReactNode }) {
  if (!href) return <span className="inert-link">{children}</span>;
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

export function TourMarkdown({ text, className }: { text: string; className?: string }) {
  if (text.trim() === '') return null;
  return (
    <div className={`markdown${className ? ` ${className}` : ''}`}>
      <Markdown skipHtml urlTransform={(url) => outsideLink(url) ?? ''} components={{ a: TourLink }}>
        {text}
      </Markdown>
    </div>
  );
}
