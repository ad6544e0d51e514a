"""A real SOCKS5 UDP client for the gateway's tests: Debian's python3-socks (PySocks), run as
/usr/bin/python3 socks5-udp-client.py HOST PORT [USERNAME PASSWORD].

It opens the association (PySocks does UDP ASSOCIATE when the datagram socket is bound), prints one
JSON line, then answers one JSON line per command read from stdin:
  {"op": "send", "host": h, "port": p, "data": text}     -> {"sent": n}
  {"op": "recv", "timeout": seconds}                     -> {"data": text, "from": [h, p]} | {"timeout": true}
  {"op": "close-control"}                                -> {"closed": true}   (the UDP socket stays)
  {"op": "control-closed", "timeout": seconds}           -> {"closed": true|false}
"""
import json
import select
import socket
import sys

import socks


def answer(value):
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()


def main():
    host, port = sys.argv[1], int(sys.argv[2])
    username = sys.argv[3] if len(sys.argv) > 3 else None
    password = sys.argv[4] if len(sys.argv) > 4 else None
    client = socks.socksocket(socket.AF_INET, socket.SOCK_DGRAM)
    client.set_proxy(socks.SOCKS5, host, port, username=username, password=password)
    client.settimeout(5)
    try:
        client.bind(("", 0))
    except Exception as error:  # refused: wrong password, over the cap, ...
        answer({"error": "%s: %s" % (type(error).__name__, error)})
        return
    control = client._proxyconn
    # PySocks sends to the proxy's host at the relay's port (it ignores BND.ADDR).
    answer({"relay": list(socket.socket.getpeername(client)), "local": list(client.getsockname())})

    for line in sys.stdin:
        command = json.loads(line)
        op = command["op"]
        try:
            if op == "send":
                sent = client.sendto(command["data"].encode(), (command["host"], command["port"]))
                answer({"sent": sent})
            elif op == "recv":
                client.settimeout(command["timeout"])
                try:
                    data, source = client.recvfrom(65535)
                    answer({"data": data.decode(), "from": list(source)})
                except socket.timeout:
                    answer({"timeout": True})
            elif op == "close-control":
                control.close()
                answer({"closed": True})
            elif op == "control-closed":
                readable, _, _ = select.select([control], [], [], command["timeout"])
                try:
                    closed = bool(readable) and control.recv(1) == b""
                except OSError:  # reset
                    closed = True
                answer({"closed": closed})
            else:
                answer({"error": "unknown op %s" % op})
        except Exception as error:
            answer({"error": "%s: %s" % (type(error).__name__, error)})


main()
