import type { ReactNode } from 'react';
import Markdown from 'react-markdown';
import { Clipped, JsonView } from './Clipped.js';
import { base64Size, isBase64, safeMime } from './media.js';

type Block = Record<string, unknown>;

export interface ContentBlocksProps {
  blocks: unknown;
  /** Reads a resource (for resource_link blocks), showing its result in place. */
  onReadResource?: (uri: string) => void;
}

export function ContentBlocks({ blocks, onReadResource }: ContentBlocksProps) {
  if (!Array.isArray(blocks)) return null;
  return (
    <div className="blocks">
      {blocks.map((block, i) => (
        <ContentBlock key={i} block={(typeof block === 'object' && block !== null ? block : {}) as Block} onReadResource={onReadResource} />
      ))}
    </div>
  );
}

function ContentBlock({ block, onReadResource }: { block: Block; onReadResource?: ((uri: string) => void) | undefined }) {
  switch (block.type) {
    case 'text':
      return <TextBlock text={typeof block.text === 'string' ? block.text : ''} />;
    case 'image': {
      const mime = safeMime(block.mimeType, 'image');
      if (!mime || !isBase64(block.data)) return <Malformed block={block} why="an image needs base64 data and an image/* mimeType" />;
      return (
        <figure className="block" data-testid="block-image">
          <img src={`data:${mime};base64,${block.data}`} alt={`image (${mime}, ${base64Size(block.data)} bytes)`} />
          <figcaption className="status">
            image · {mime} · {base64Size(block.data)} bytes
          </figcaption>
        </figure>
      );
    }
    case 'audio': {
      const mime = safeMime(block.mimeType, 'audio');
      if (!mime || !isBase64(block.data)) return <Malformed block={block} why="audio needs base64 data and an audio/* mimeType" />;
      return (
        <figure className="block" data-testid="block-audio">
          <audio controls src={`data:${mime};base64,${block.data}`} aria-label={`audio (${mime})`} />
          <figcaption className="status">
            audio · {mime} · {base64Size(block.data)} bytes
          </figcaption>
        </figure>
      );
    }
    case 'resource_link': {
      const uri = typeof block.uri === 'string' ? block.uri : undefined;
      if (!uri) return <Malformed block={block} why="a resource_link needs a uri" />;
      return (
        <div className="block" data-testid="block-resource-link">
          <span className="pill">resource link</span> <strong>{String(block.title ?? block.name ?? '')}</strong> <code>{uri}</code>
          {typeof block.description === 'string' && <div className="status">{block.description}</div>}
          {onReadResource && (
            <button type="button" onClick={() => onReadResource(uri)}>
              Read {uri}
            </button>
          )}
        </div>
      );
    }
    case 'resource':
      return <EmbeddedResource resource={(block.resource ?? {}) as Block} />;
    default:
      return <Malformed block={block} why={`unknown content type ${JSON.stringify(block.type)}`} />;
  }
}

/**
 * Where a server's link may go: an absolute http(s) or mailto address elsewhere. A link into
 * this app (relative, or to its origin) could rewrite the fragment that holds the token, so it
 * stays inert; so does any other scheme.
 */
export function outsideLink(url: string): string | undefined {
  let target: URL;
  try {
    target = new URL(url, window.location.href);
  } catch {
    return undefined;
  }
  if (target.origin === window.location.origin) return undefined;
  return ['http:', 'https:', 'mailto:'].includes(target.protocol) ? target.href : undefined;
}

/** A live link opens in a new tab; an inert one is its text, marked, with no target. */
function MarkdownLink({ href, children }: { href?: string; children?: ReactNode }) {
  if (!href) {
    return (
      <span className="inert-link" data-testid="inert-link" title="a link into this app or of another kind: not followed">
        {children}
      </span>
    );
  }
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

/** Text is Markdown, rendered without raw HTML; a plain view is one click away. */
export function TextBlock({ text }: { text: string }) {
  if (text.length > 100_000) return <Clipped text={text} testId="block-text" />;
  return (
    <div className="block text-block" data-testid="block-text">
      <div className="markdown">
        <Markdown skipHtml urlTransform={(url) => outsideLink(url) ?? ''} components={{ a: MarkdownLink }}>
          {text}
        </Markdown>
      </div>
      <details>
        <summary>plain text</summary>
        <pre className="mono-block">{text}</pre>
      </details>
    </div>
  );
}

export function EmbeddedResource({ resource }: { resource: Block }) {
  const uri = String(resource.uri ?? '');
  const mime = typeof resource.mimeType === 'string' ? resource.mimeType : undefined;
  if (typeof resource.text === 'string') {
    const body = mime === 'application/json' ? prettyJson(resource.text) : resource.text;
    return (
      <div className="block" data-testid="block-resource">
        <div className="status">
          {uri} · {mime ?? 'no mimeType'} · text
        </div>
        {mime === 'text/markdown' ? <TextBlock text={resource.text} /> : <Clipped text={body} />}
      </div>
    );
  }
  if (typeof resource.blob === 'string' && isBase64(resource.blob)) {
    const image = safeMime(mime, 'image');
    const audio = safeMime(mime, 'audio');
    return (
      <div className="block" data-testid="block-resource">
        <div className="status">
          {uri} · {mime ?? 'no mimeType'} · blob · {base64Size(resource.blob)} bytes
        </div>
        {image && <img src={`data:${image};base64,${resource.blob}`} alt={uri} />}
        {audio && <audio controls src={`data:${audio};base64,${resource.blob}`} />}
        {!image && !audio && (
          <a href={`data:application/octet-stream;base64,${resource.blob}`} download={uri.split('/').pop() || 'resource.bin'}>
            Download
          </a>
        )}
      </div>
    );
  }
  return <Malformed block={resource} why="an embedded resource needs a uri and text or a base64 blob" />;
}

function Malformed({ block, why }: { block: Block; why: string }) {
  return (
    <div className="block malformed" role="note">
      <strong>Malformed content block:</strong> {why}
      <JsonView value={block} />
    </div>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
