// A server that prints a banner to stdout, which is reserved for JSON-RPC messages.
// Started only as `node <server> serve …` (test/helpers.mjs adds `serve`): a test runner that
// globs every file under test/ runs this with no arguments, and then it must just exit.
if (process.argv[2] !== 'serve') process.exit(0);
process.argv.splice(2, 1);

console.error('garbage-server: starting');
console.log('Server listening... welcome!');
process.stdin.resume();
setInterval(() => {}, 1000);
