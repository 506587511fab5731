// Preloaded (`node -r`) into the CLI by test/capture-failures.test.mjs: a promise rejection that
// nothing handles, to prove the CLI's last line of defence turns it into exit 2.
setTimeout(() => Promise.reject(new Error("stray rejection\nfrom a test preload")), 0);
