/**
 * A TCP proxy in front of the test's PostgreSQL server, for tests of a database in trouble: it
 * passes bytes through, or stalls (connections stay open, nothing goes through either way, as
 * a network that dropped its packets or a server that froze), or cuts every connection and
 * refuses new ones (a server gone).
 */
import net from "node:net";
import type { AddressInfo } from "node:net";

export interface DbProxy {
  /** `url` (a PostgreSQL address) through the proxy. */
  through(url: string): string;
  pass(): void;
  stall(): void;
  /** Cuts every connection and refuses new ones until pass(). */
  cut(): void;
  close(): Promise<void>;
}

export async function startDbProxy(target: string): Promise<DbProxy> {
  const { hostname, port } = new URL(target);
  let mode: "pass" | "stall" | "cut" = "pass";
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === "cut") return void client.destroy();
    const upstream = net.connect(Number(port || 5432), hostname);
    track(upstream);
    const forward = (from: net.Socket, to: net.Socket) => from.on("data", (chunk) => mode === "pass" && to.write(chunk));
    forward(client, upstream);
    forward(upstream, client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxyPort = (server.address() as AddressInfo).port;
  return {
    through(url) {
      const proxied = new URL(url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(proxyPort);
      return proxied.toString();
    },
    pass: () => void (mode = "pass"),
    stall: () => void (mode = "stall"),
    cut() {
      mode = "cut";
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
