/**
 * Keto's expand tree as nested lists: each node its subject (an id, or a subject set written
 * `Namespace:object#relation`; an exclusion or a group inside a rule has none) and, when it has
 * children, how they combine (union, intersection, exclusion: `!`) and a disclosure button that
 * folds them away. Every node starts unfolded; two
 * buttons unfold or fold them all.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../../lib/i18n.js';
import { subjectText, type ExpandTree } from './relation-tuples.js';

/** A node's place in the tree: the indexes of the children taken from the root (`0`, `0.2`, …). */
type Path = string;

function foldablePaths(tree: ExpandTree, path: Path, out: Path[]): Path[] {
  if (tree.children?.length) {
    out.push(path);
    tree.children.forEach((child, index) => foldablePaths(child, `${path}.${index}`, out));
  }
  return out;
}

export function ExpandTreeView({ tree, label }: { tree: ExpandTree; label: string }) {
  const { t } = useTranslation();
  const [folded, setFolded] = useState<ReadonlySet<Path>>(new Set());

  function toggle(path: Path) {
    setFolded((current) => {
      const next = new Set(current);
      if (!next.delete(path)) next.add(path);
      return next;
    });
  }

  return (
    <div className="expand-tree-view">
      <div className="expand-tree-tools">
        <Button className="button button-secondary button-small" onPress={() => setFolded(new Set())}>
          {t('platformAdmin.expand.unfoldAll')}
        </Button>
        <Button className="button button-secondary button-small" onPress={() => setFolded(new Set(foldablePaths(tree, '0', [])))}>
          {t('platformAdmin.expand.foldAll')}
        </Button>
      </div>
      <ul className="expand-tree" aria-label={label}>
        <TreeNode node={tree} path="0" folded={folded} onToggle={toggle} />
      </ul>
      <p className="expand-legend">{t('platformAdmin.expand.legend')}</p>
    </div>
  );
}

function TreeNode({ node, path, folded, onToggle }: { node: ExpandTree; path: Path; folded: ReadonlySet<Path>; onToggle: (path: Path) => void }) {
  const { t } = useTranslation();
  const subject = subjectText(node.tuple);
  const children = node.children ?? [];
  const open = !folded.has(path);
  const childrenId = `expand-node-${path.replace(/\./g, '-')}`;
  if (children.length === 0) {
    return (
      <li className="expand-node" data-type="leaf">
        <span className="expand-leaf">
          <code>{subject || t('platformAdmin.expand.noSubject')}</code>
        </span>
      </li>
    );
  }
  return (
    <li className="expand-node" data-type={node.type}>
      <button type="button" className="expand-toggle" aria-expanded={open} aria-controls={childrenId} onClick={() => onToggle(path)}>
        <span className="expand-chevron" aria-hidden="true" />
        <span className="expand-type" data-type={node.type}>
          {t(`platformAdmin.expand.types.${node.type}`, { defaultValue: node.type })}
        </span>
        {/* An exclusion, or a group inside a rule, stands for no one subject. */}
        {subject && <code>{subject}</code>}
        <span className="expand-count">{t('platformAdmin.expand.children', { count: children.length })}</span>
      </button>
      <ul id={childrenId} className="expand-children" hidden={!open}>
        {children.map((child, index) => (
          <TreeNode key={index} node={child} path={`${path}.${index}`} folded={folded} onToggle={onToggle} />
        ))}
      </ul>
    </li>
  );
}
