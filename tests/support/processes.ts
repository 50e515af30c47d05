// Whether a process is still there (signal 0 asks without sending anything).
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
