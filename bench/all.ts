// Every benchmark in turn (or those named: `node --import tsx bench/all.ts run tasks`), each in its own process with the
// server's Node options (a failed budget does not stop the others), then one line per benchmark: whether all its budgets
// held. Exits 1 when any did not.
import { spawnSync } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';

const BENCHES = ['run', 'missions', 'tasks', 'writes', 'timesheets', 'money', 'planner', 'recommend', 'home', 'lighthouse'];

const chosen = process.argv.slice(2);
const outcomes = (chosen.length > 0 ? chosen : BENCHES).map((name) => {
  console.log(`\n=== bench/${name}.ts`);
  const { status } = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', `bench/${name}.ts`], { stdio: 'inherit' });
  return { name, passed: status === 0 };
});
console.log('\n=== summary');
for (const { name, passed } of outcomes) console.log(`bench/${name}.ts: ${passed ? 'every budget held' : 'a budget FAILED (see above)'}`);
process.exit(outcomes.every((outcome) => outcome.passed) ? 0 : 1);
