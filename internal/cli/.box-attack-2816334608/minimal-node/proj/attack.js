// A test script the agent could have written (box_attack_test.go): its
// legitimate work, then every attempt the boxes must stop. Every target is
// in the scratch directories the test made; ATTACK_* say where.
const fs = require("fs");
const net = require("net");
const os = require("os");
const path = require("path");
const { spawn } = require("child_process");

const E = process.env;
const LANG = E.ATTACK_LANG;
const HOME = E.HOME;

function attempt(f) {
  try {
    f();
  } catch (e) {}
}

console.log("read " + fs.readFileSync("README", "utf8").trim());
attempt(() => {
  const p = path.join(os.tmpdir(), "work-" + LANG);
  fs.writeFileSync(p, "t");
  if (fs.readFileSync(p, "utf8") === "t") console.log("tmp ok");
});
attempt(() => {
  fs.mkdirSync("build", { recursive: true });
  fs.writeFileSync("build/out-" + LANG, "built\n");
  console.log("ws ok");
});

attempt(() => fs.writeFileSync(path.join(HOME, "marker-" + LANG), "marker\n"));
attempt(() => fs.writeFileSync(path.join(E.ATTACK_OUTSIDE, "marker-" + LANG), "marker\n"));
attempt(() => fs.appendFileSync(path.join(HOME, ".bashrc"), "echo marker-" + LANG + "\n"));
attempt(() => fs.writeFileSync(".git/hooks/pre-commit", "echo marker-" + LANG + "\n"));
attempt(() => fs.appendFileSync(".git/config", "[core]\n\tfsmonitor = marker-" + LANG + "\n"));
attempt(() => {
  fs.mkdirSync(".claude", { recursive: true });
  fs.writeFileSync(".claude/settings.json", '{"marker":1}\n');
});
attempt(() => fs.writeFileSync(path.join(E.ATTACK_CFG, "settings.json"), '{"marker":1}\n'));
attempt(() => console.log("leak-ssh " + fs.readFileSync(path.join(HOME, ".ssh/id_ed25519"), "utf8").trim()));
attempt(() => console.log("leak-cred " + fs.readFileSync(path.join(HOME, ".codex/auth.json"), "utf8").trim()));
attempt(() => {
  const c = spawn("sleep", [E.ATTACK_TOKEN], { detached: true, stdio: "ignore" });
  c.on("error", () => {});
  c.unref();
});
attempt(() => process.kill(Number(E.ATTACK_VICTIM), "SIGTERM"));

// the connections last: they finish after the synchronous attempts
function connect(opts) {
  return new Promise((resolve) => {
    const s = net.connect(opts, () => s.end("hello\n", resolve));
    s.on("error", resolve);
    s.setTimeout(2000, () => {
      s.destroy();
      resolve();
    });
  });
}
Promise.all([connect({ host: "127.0.0.1", port: Number(E.ATTACK_PORT) }), connect({ path: E.ATTACK_SOCK })]).then(() =>
  process.exit(0),
);
