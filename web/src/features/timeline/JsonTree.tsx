/**
 * A collapsible JSON tree. Everything in it came from a server, so it is only ever rendered as
 * text; strings are shown JSON-escaped (a control character or a bidi override reads as \u…,
 * not as an effect), long strings and long lists are cut with a button for the rest, and nodes
 * are built only when opened, so a multi-megabyte result costs what is on screen.
 */
import { useState } from 'react';
import { visibleJsonString } from './lineText.js';
import { formatCount } from '../../ui/count.js';

const STRING_SHOWN = 500;
const CHILDREN_SHOWN = 200;

export function JsonTree({ value, open = 2, label }: { value: unknown; open?: number; label?: string }) {
  return (
    <div className="json-tree" role="tree" aria-label={label ?? 'JSON'}>
      <JsonNode name={undefined} value={value} depth={0} open={open} />
    </div>
  );
}

function JsonNode({ name, value, depth, open }: { name: string | undefined; value: unknown; depth: number; open: number }) {
  const [expanded, setExpanded] = useState(depth < open);
  const [limit, setLimit] = useState(CHILDREN_SHOWN);
  const key =
    name === undefined ? null : (
      <>
        <span className="jt-key">{name}</span>
        <span className="jt-punct">: </span>
      </>
    );
  if (typeof value !== 'object' || value === null) {
    return (
      <div className="jt-leaf" role="treeitem" aria-selected={false}>
        {key}
        <Scalar value={value} />
      </div>
    );
  }
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  const [openMark, closeMark] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const size = `${entries.length} ${Array.isArray(value) ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}`;
  return (
    <div className="jt-node" role="treeitem" aria-expanded={expanded} aria-selected={false}>
      <button
        type="button"
        className="jt-toggle"
        onClick={() => setExpanded((e) => !e)}
        aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name ?? 'value'}`}
      >
        {expanded ? '▾' : '▸'}
      </button>
      {key}
      <span className="jt-punct">{openMark}</span>
      {!expanded && (
        <>
          <span className="jt-size"> {size} </span>
          <span className="jt-punct">{closeMark}</span>
        </>
      )}
      {expanded && (
        <>
          <div className="jt-children" role="group">
            {entries.slice(0, limit).map(([k, v]) => (
              <JsonNode key={k} name={Array.isArray(value) ? k : visibleJsonString(k)} value={v} depth={depth + 1} open={open} />
            ))}
            {entries.length > limit && (
              <button type="button" className="link" onClick={() => setLimit((l) => l + CHILDREN_SHOWN * 5)}>
                {entries.length - limit} more
              </button>
            )}
          </div>
          <span className="jt-punct">{closeMark}</span>
        </>
      )}
    </div>
  );
}

function Scalar({ value }: { value: unknown }) {
  const [all, setAll] = useState(false);
  if (typeof value === 'string') {
    const quoted = visibleJsonString(value);
    const shown = all || quoted.length <= STRING_SHOWN ? quoted : `${quoted.slice(0, STRING_SHOWN)}…`;
    return (
      <>
        <span className="jt-string">{shown}</span>
        {shown.length < quoted.length && (
          <button type="button" className="link" onClick={() => setAll(true)}>
            {' '}
            show all {formatCount(value.length)} characters
          </button>
        )}
      </>
    );
  }
  if (typeof value === 'number') return <span className="jt-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="jt-bool">{String(value)}</span>;
  return <span className="jt-null">{value === null ? 'null' : String(value)}</span>;
}
