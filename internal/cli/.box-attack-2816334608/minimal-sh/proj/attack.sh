# A test script the agent could have written (box_attack_test.go): its
# legitimate work, then every attempt the boxes must stop. Every target is
# in the scratch directories the test made; ATTACK_* say where.
echo "read $(cat README)"
echo t > "${TMPDIR:-/tmp}/work-$ATTACK_LANG" && [ "$(cat "${TMPDIR:-/tmp}/work-$ATTACK_LANG")" = t ] && echo "tmp ok"
mkdir -p build && echo built > "build/out-$ATTACK_LANG" && echo "ws ok"

echo marker > "$HOME/marker-$ATTACK_LANG"
echo marker > "$ATTACK_OUTSIDE/marker-$ATTACK_LANG"
echo "echo marker-$ATTACK_LANG" >> "$HOME/.bashrc"
echo "echo marker-$ATTACK_LANG" > .git/hooks/pre-commit
printf '[core]\n\tfsmonitor = marker-%s\n' "$ATTACK_LANG" >> .git/config
mkdir -p .claude && echo '{"marker":1}' > .claude/settings.json
echo '{"marker":1}' > "$ATTACK_CFG/settings.json"
echo "leak-ssh $(cat "$HOME/.ssh/id_ed25519")"
echo "leak-cred $(cat "$HOME/.codex/auth.json")"
(exec 3<>"/dev/tcp/127.0.0.1/$ATTACK_PORT" && echo hello >&3)
# no Unix-socket client in a plain shell here: python, node and go try it
sleep "$ATTACK_TOKEN" </dev/null >/dev/null 2>&1 &
kill -TERM "$ATTACK_VICTIM"
exit 0
