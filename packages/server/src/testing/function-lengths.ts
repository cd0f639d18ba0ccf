// The counter moved to scripts/checks/ so the web app and the back office count as the server
// does; this name stays until the server's function-length test imports it from there.
export {
  type FunctionLength,
  functionLengths,
} from '../../../../scripts/checks/function-lengths.ts';
