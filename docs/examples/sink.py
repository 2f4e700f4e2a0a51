#!/usr/bin/env python3
"""An example sink for `fence-tutor exercise check ID --sink-cmd CMD`.

Python's standard library only (http.server + sqlite3). It passes the
black-box checks of fence-the-sink, early-write, durable-mark and
idempotent-retry:

    fence-tutor exercise check fence-the-sink \
      --sink-cmd 'python3 docs/examples/sink.py {port} {db}'

The contract it follows is docs/sink-contract.md. Every request opens its
own connection and does its work in one BEGIN IMMEDIATE transaction, so two
overlapping requests (the server is threaded) can never both read the mark
before either writes it.
"""
import json
import sqlite3
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SCHEMA = """
CREATE TABLE IF NOT EXISTS sink (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  value TEXT,
  mark INTEGER,
  applied INTEGER NOT NULL
);
INSERT OR IGNORE INTO sink (id, value, mark, applied) VALUES (1, NULL, NULL, 0);
CREATE TABLE IF NOT EXISTS requests (request_id TEXT PRIMARY KEY);
"""
MAX_BODY = 64 * 1024


class Malformed(Exception):
    """The body breaks the contract: answered 400, the database untouched."""


def is_integer(x):
    return isinstance(x, int) and not isinstance(x, bool)


def parse_object(raw):
    try:
        body = json.loads(raw)
    except ValueError:
        raise Malformed("the body is not JSON")
    if not isinstance(body, dict):
        raise Malformed("the body must be a JSON object")
    return body


def parse_write(raw):
    body = parse_object(raw)
    value, token, request_id = body.get("value"), body.get("token"), body.get("requestId")
    if not isinstance(value, str):
        raise Malformed('"value" must be a string')
    if token is not None and not is_integer(token):
        raise Malformed('"token" must be an integer or null')
    if request_id is not None and not isinstance(request_id, str):
        raise Malformed('"requestId" must be a string')
    return value, token, request_id


def transaction(db, work):
    """Runs work(db) between BEGIN IMMEDIATE and COMMIT (ROLLBACK if it raises)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        result = work(db)
        db.execute("COMMIT")
        return result
    except BaseException:
        db.execute("ROLLBACK")
        raise


def write(db, value, token, request_id):
    """The retry lookup, the token check, the write, the mark and the record: one transaction."""

    def work(db):
        if request_id is not None:
            if db.execute("SELECT 1 FROM requests WHERE request_id = ?", (request_id,)).fetchone():
                return 200, {"accepted": True}  # a retry: answered from the record, no effect
        if token is None:
            return 409, {"accepted": False, "reason": "no token"}
        (mark,) = db.execute("SELECT mark FROM sink WHERE id = 1").fetchone()
        if mark is not None and token < mark:
            return 409, {"accepted": False, "reason": f"stale token {token} < mark {mark}"}
        db.execute("UPDATE sink SET value = ?, mark = ?, applied = applied + 1 WHERE id = 1", (value, token))
        if request_id is not None:
            db.execute("INSERT INTO requests (request_id) VALUES (?)", (request_id,))
        return 200, {"accepted": True}

    return transaction(db, work)


def register(db, token):
    """Raises the mark to token when it is higher; changes nothing otherwise."""

    def work(db):
        db.execute("UPDATE sink SET mark = ? WHERE id = 1 AND (mark IS NULL OR mark < ?)", (token, token))
        return 200, {"mark": db.execute("SELECT mark FROM sink WHERE id = 1").fetchone()[0]}

    return transaction(db, work)


def state(db):
    value, mark, applied = db.execute("SELECT value, mark, applied FROM sink WHERE id = 1").fetchone()
    return 200, {"value": value, "mark": mark, "applied": applied}


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/health":
            return self.answer(200, {"ok": True})
        if self.path == "/state":
            return self.answer(*self.with_db(state))
        self.answer(404, {"error": "not found"})

    def do_POST(self):
        try:
            length = int(self.headers.get("content-length") or 0)
            if length > MAX_BODY:
                raise Malformed("the body is too large")
            raw = self.rfile.read(length)
            if self.path == "/write":
                value, token, request_id = parse_write(raw)
                return self.answer(*self.with_db(lambda db: self.server.write(db, value, token, request_id)))
            if self.path == "/register":
                token = parse_object(raw).get("token")
                if not is_integer(token):
                    raise Malformed('"token" must be an integer')
                return self.answer(*self.with_db(lambda db: register(db, token)))
            self.answer(404, {"error": "not found"})
        except Malformed as problem:
            self.answer(400, {"error": str(problem)})

    def with_db(self, work):
        # One connection per request: sqlite3 connections are not shared between threads.
        db = sqlite3.connect(self.server.db_path, timeout=10, isolation_level=None)
        try:
            return work(db)
        finally:
            db.close()

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass  # one line per request would bury what the sink prints on purpose


def main(argv, write_fn=write):
    if len(argv) != 3:
        sys.exit("usage: sink.py PORT DB")
    port, db_path = int(argv[1]), argv[2]
    db = sqlite3.connect(db_path, isolation_level=None)
    db.executescript(SCHEMA)
    db.close()
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    server.db_path, server.write = db_path, write_fn
    server.serve_forever()


if __name__ == "__main__":
    main(sys.argv)
