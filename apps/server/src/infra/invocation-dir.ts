/**
 * `npm run backup -w @clinica/server` runs its command in apps/server, but the person typed it in
 * the project's folder (npm's INIT_CWD), where `npm start` keeps ./data and where a relative FILE
 * was meant: the commands read relative paths from there. Started by node directly (the tests),
 * nothing changes.
 */
export function fromInvocationDir() {
  if (process.env.npm_lifecycle_event && process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
}
