# lib_port.sh - free_port: a TCP port on 127.0.0.1 for a server a test
# starts later (an adb server, a trident-simd restarted on the same port).
#
# A port from bind(0) comes from the kernel's ephemeral range, the same
# range every outgoing connection takes its local port from. ctest runs
# several adb tests at once, each opening hundreds of short adb
# connections, so a port picked that way and released can be taken by
# someone's outgoing connection before our server binds it (device_adb
# once found "no adb server" on its own port under TSan). free_port picks
# below the ephemeral range instead, at random, and checks that nothing
# listens there; only another test's free_port could pick the same one.
free_port() {
	python3 - <<'PY'
import random, socket
try:
    lo = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
except (OSError, ValueError, IndexError):
    lo = 32768
for _ in range(200):
    port = random.randint(20000, lo - 1) if lo > 21000 else 0
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        s.close()
        continue
    print(s.getsockname()[1])
    s.close()
    break
else:
    raise SystemExit("free_port: no free port below the ephemeral range")
PY
}
