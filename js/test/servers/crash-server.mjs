// A server that dies at start with a message on stderr.
// Started only as `node <server> serve …` (test/helpers.mjs adds `serve`): a test runner that
// globs every file under test/ runs this with no arguments, and then it must just exit.
if (process.argv[2] !== 'serve') process.exit(0);
process.argv.splice(2, 1);

console.error('crash-server: loading config');
console.error('Error: DATABASE_URL is not set');
process.exit(3);
