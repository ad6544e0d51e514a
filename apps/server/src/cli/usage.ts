// What `npm run cli` answers to an unknown command or a wrong argument.
import { INVENTORY_CSV_COLUMNS } from '../modules/static-ip/inventory.service.ts'

export const USAGE = `Usage: npm run cli -- <command>
  inventory:import <file.csv>   add addresses; columns: ${INVENTORY_CSV_COLUMNS.join(',')}
  inventory:list                addresses per region and status
  auth:unlock <email>           lift a customer's sign-in lock (too many wrong passwords)
  admin:create <email>          make an operator (console at /admin); prints a one-time password,
      [--role owner|operator|finance|support]   the TOTP enrolment URI and 10 recovery codes, once
                                (default role: owner)
  node:add <name> <host>        register a proxy node; prints its token once, and the gateway's
                                environment for the node host (API URL from PUBLIC_URL)
  node:list                     nodes: up/down (silent NODE_DOWN_AFTER_SECONDS, 60)/revoked, last seen,
                                push lag, health
  node:revoke <id|name>         revoke a node's token
  node:simulate --minutes N     SIMULATION: act as a proxy node over HTTP against the running server,
      [--url URL]               pushing N minutes of random usage for every credential it serves
      [--token nt_…]            (default: $NODE_TOKEN, else the demo simulator token in DATA_DIR)
      [--mb M] [--only id,…]    average MB per credential per minute (20); limit to ids/usernames
      [--json]                  print the totals as JSON
  secrets:reseal                seal every stored secret anew under APP_SECRET (after a rotation, with the
                                old one as APP_SECRET_PREVIOUS); names rows neither key opens
  backup <file>                 the embedded database (DATA_DIR) to a file, server stopped; PostgreSQL: pg_dump
  restore <file> [--force]      load a backup into DATA_DIR, server stopped; --force moves a database there aside`
