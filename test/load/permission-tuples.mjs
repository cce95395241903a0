/**
 * The permission rows' data: an Ory Permission Language model of groups, folders and files, and
 * exactly TUPLES relationships for it, made up the same way every run (no randomness), with the
 * checks the rows send. Both the permission process (upstreams/permission.mjs, which stores
 * them) and the rows (permissions.mjs, which checks them) read this file, so a check's expected
 * answer follows from the data by construction.
 *
 *   users              200 000 ids (`user-<n>`), each a member of two squads
 *   Group              2 000 departments ∋ 5 teams each ∋ 4 squads each ∋ 10 users each
 *   Folder             2 000 roots (viewers: their department, and about 14 users each)
 *                      ∋ 10 folders each (parents: the root; viewers: one squad)
 *   File               240 000 files, 12 per folder (parents: the folder; owners: one user)
 *   fan-out            two files with 200 parent folders: ten to a root, or each under a root of its own
 *   cycles             three groups in a ring, two folders each other's parent, a file in them
 */

export const MODEL = `
class User implements Namespace {}

class Group implements Namespace {
  related: { members: (User | SubjectSet<Group, "members">)[] }
}

class Folder implements Namespace {
  related: {
    parents: Folder[]
    viewers: (User | SubjectSet<Group, "members">)[]
  }
  permits = {
    view: (ctx: Context): boolean => this.related.viewers.includes(ctx.subject) || this.related.parents.traverse((p) => p.permits.view(ctx)),
  }
}

class File implements Namespace {
  related: {
    parents: Folder[]
    owners: User[]
  }
  permits = {
    view: (ctx: Context): boolean => this.related.owners.includes(ctx.subject) || this.related.parents.traverse((p) => p.permits.view(ctx)),
  }
}
`;

export const TUPLES = 1_000_000;

const USERS = 200_000;
const DEPARTMENTS = 2_000;
const TEAMS_PER_DEPARTMENT = 5;
const SQUADS_PER_TEAM = 4;
const USERS_PER_SQUAD = 10;
const FOLDERS_PER_ROOT = 10;
const FILES_PER_FOLDER = 12;
const FAN_OUT = 200;

const TEAMS = DEPARTMENTS * TEAMS_PER_DEPARTMENT;
const SQUADS = TEAMS * SQUADS_PER_TEAM;
const ROOTS = DEPARTMENTS;
const FOLDERS = ROOTS * FOLDERS_PER_ROOT;
const FILES = FOLDERS * FILES_PER_FOLDER;
const SQUADS_PER_DEPARTMENT = TEAMS_PER_DEPARTMENT * SQUADS_PER_TEAM;

const user = (n) => `user-${n % USERS}`;
/** The users of a squad: ten consecutive ids, so a department's 20 squads hold 200 consecutive users. */
const squadUser = (squad, m) => user(squad * USERS_PER_SQUAD + m);
/** The users viewing roots directly: the i-th is `user((i·7919 + 13) mod USERS)`, all different (7919 is prime to USERS). */
const directViewer = (i) => user(i * 7919 + 13);

/** A tuple as the table's seven key columns. */
const members = (group, subject) => ['Group', group, 'members', subject, '', '', ''];
const groupInGroup = (group, inner) => ['Group', group, 'members', '', 'Group', inner, 'members'];
const parent = (namespace, object, folder) => [namespace, object, 'parents', '', 'Folder', folder, ''];
const viewerGroup = (folder, group) => ['Folder', folder, 'viewers', '', 'Group', group, 'members'];
const viewerUser = (folder, subject) => ['Folder', folder, 'viewers', subject, '', '', ''];

/** Everything but the roots' direct viewers, which fill up to TUPLES. */
function* structure() {
  for (let squad = 0; squad < SQUADS; squad++) for (let m = 0; m < USERS_PER_SQUAD; m++) yield members(`squad-${squad}`, squadUser(squad, m));
  for (let squad = 0; squad < SQUADS; squad++) yield groupInGroup(`team-${Math.floor(squad / SQUADS_PER_TEAM)}`, `squad-${squad}`);
  for (let team = 0; team < TEAMS; team++) yield groupInGroup(`dept-${Math.floor(team / TEAMS_PER_DEPARTMENT)}`, `team-${team}`);
  for (let root = 0; root < ROOTS; root++) yield viewerGroup(`root-${root}`, `dept-${root}`);
  for (let folder = 0; folder < FOLDERS; folder++) {
    yield parent('Folder', `folder-${folder}`, `root-${Math.floor(folder / FOLDERS_PER_ROOT)}`);
    yield viewerGroup(`folder-${folder}`, `squad-${folder * 2}`);
  }
  for (let file = 0; file < FILES; file++) {
    yield parent('File', `file-${file}`, `folder-${Math.floor(file / FILES_PER_FOLDER)}`);
    yield ['File', `file-${file}`, 'owners', user(file * 31 + 7), '', '', ''];
  }
  // 200 parents: ten to a root (one tree read per ten parents), or each under a root of its own.
  for (let i = 0; i < FAN_OUT; i++) yield parent('File', 'fan-out-siblings', `folder-${i}`);
  for (let i = 0; i < FAN_OUT; i++) yield parent('File', 'fan-out-spread', `folder-${i * FOLDERS_PER_ROOT}`);
  yield groupInGroup('ring-0', 'ring-1');
  yield groupInGroup('ring-1', 'ring-2');
  yield groupInGroup('ring-2', 'ring-0');
  yield viewerGroup('loop-0', 'ring-0');
  yield parent('Folder', 'loop-0', 'loop-1');
  yield parent('Folder', 'loop-1', 'loop-0');
  yield parent('File', 'in-loop', 'loop-0');
}

const STRUCTURE = (() => {
  let count = 0;
  for (const _ of structure()) count++;
  return count;
})();
const DIRECT_VIEWERS = TUPLES - STRUCTURE;
if (DIRECT_VIEWERS < ROOTS || DIRECT_VIEWERS > USERS) throw new Error(`the shape leaves ${DIRECT_VIEWERS} direct viewers to fill ${TUPLES} tuples`);

function* allTuples() {
  yield* structure();
  for (let i = 0; i < DIRECT_VIEWERS; i++) yield viewerUser(`root-${i % ROOTS}`, directViewer(i));
}

/** TUPLES tuples, `size` at a time, each batch as seven column arrays (one per key column, for unnest). */
export function* tupleBatches(size) {
  let columns = Array.from({ length: 7 }, () => []);
  for (const tuple of allTuples()) {
    for (let i = 0; i < 7; i++) columns[i].push(tuple[i]);
    if (columns[0].length === size) {
      yield columns;
      columns = Array.from({ length: 7 }, () => []);
    }
  }
  if (columns[0].length > 0) yield columns;
}

const checkPath = (namespace, object, relation, subjectId) =>
  `/.ory/relation-tuples/check?namespace=${namespace}&object=${encodeURIComponent(object)}&relation=${relation}&subject_id=${encodeURIComponent(subjectId)}`;

/**
 * A stream of numbers from a seed, so the same checks are sent every run. Scaled from the whole
 * state: its low bits repeat after a few steps, so taking them (`% below`) gave no more than
 * 50 000 different subject-set checks.
 */
function numbers(seed) {
  let state = seed >>> 0;
  return (below) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 2 ** 32) * below);
  };
}

/**
 * `count` different allowed checks of a folder's viewers three subject sets down: root-r's viewers hold
 * dept-r, which holds its five teams, each holding four squads, one of which holds the user.
 */
export function subjectSetChecks(count, seed = 3) {
  const next = numbers(seed);
  return distinct(count, () => {
    const root = next(ROOTS);
    const squad = root * SQUADS_PER_DEPARTMENT + next(SQUADS_PER_DEPARTMENT);
    return checkPath('Folder', `root-${root}`, 'viewers', squadUser(squad, next(USERS_PER_SQUAD)));
  });
}

/** `count` different paths from `draw` (400 000 subject-set checks and millions of traverse checks are possible). */
function distinct(count, draw) {
  const paths = new Set();
  for (let draws = 0; paths.size < count; draws++) {
    if (draws > count * 4) throw new Error(`only ${paths.size} different checks in ${draws} draws, ${count} wanted`);
    paths.add(draw());
  }
  return [...paths];
}

/**
 * `count` different allowed checks of `view` on a file by a user who views its root folder directly: the
 * file's rule traverses to its folder, the folder's to the root (OPL `traverse`, twice).
 */
export function traverseChecks(count, seed = 5) {
  const next = numbers(seed);
  const viewersPerRoot = Math.floor(DIRECT_VIEWERS / ROOTS);
  return distinct(count, () => {
    const file = next(FILES);
    const root = Math.floor(file / FILES_PER_FOLDER / FOLDERS_PER_ROOT);
    return checkPath('File', `file-${file}`, 'view', directViewer(root + ROOTS * next(viewersPerRoot)));
  });
}

/** Someone no tuple names: every path is followed to its end (or to a limit). */
const NOBODY = 'user-nobody';

/**
 * `view` of a file with 200 parent folders, by nobody: the check follows as many as the width
 * limit lets it, and each of those up its tree. `siblings`: the parents are ten to a root, so
 * every tenth one leads to a root not yet read; `spread`: each is under a root of its own.
 */
export const FAN_OUT_CHECKS = {
  siblings: checkPath('File', 'fan-out-siblings', 'view', NOBODY),
  spread: checkPath('File', 'fan-out-spread', 'view', NOBODY),
};

/** `view` of a file in two folders that are each other's parent, viewed by a ring of groups, by nobody. */
export const CYCLE_CHECK = checkPath('File', 'in-loop', 'view', NOBODY);

/** A check above asked of the `n`th other nobody: the same work, never asked before (no answer kept for it). */
export const asNobody = (path, n) => path.replace(`subject_id=${NOBODY}`, `subject_id=${NOBODY}-${n}`);
