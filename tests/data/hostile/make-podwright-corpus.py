#!/usr/bin/env python3
"""Writes the hostile .podwright files of this folder from the format-1 fixture.

Each NAME.podwright gets a NAME.expect: "accepted" (the file must load and survive save, validate,
analyze, every export and the report) or a phrase the refusal message must contain. The files are
committed; rerun this script (python3 make-podwright-corpus.py) only to change the corpus, or
with names (python3 make-podwright-corpus.py NAME ...) to write only those files.
"""
import json
import os
import shutil
import sqlite3
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.join(HERE, "..", "designs", "format-1-minimum-viable-cluster.podwright")


ONLY = set(sys.argv[1:])


def make(name, expect, *statements, post=None):
    if ONLY and name not in ONLY:
        return
    path = os.path.join(HERE, name + ".podwright")
    if os.path.exists(path):
        os.remove(path)
    shutil.copyfile(BASE, path)
    db = sqlite3.connect(path)
    for s in statements:
        if callable(s):
            s(db)
        else:
            db.executescript(s)
    db.commit()
    db.execute("VACUUM")
    db.close()
    if post:
        post(path)
    with open(os.path.join(HERE, name + ".expect"), "w") as f:
        f.write(expect + "\n")


NODES_COLUMNS = ("id, sku, name, x, y, network, tier, rail, rack, rack_unit, unit, price_override_usd")


def mega_switch(db):
    item = json.loads(db.execute("SELECT json FROM catalog_items WHERE sku = 'sn2201'").fetchone()[0])
    item["sku"] = "mega-4096"
    item["model"] = "Mega 4096"
    item["port_groups"] = [dict(item["port_groups"][0], count=4096, name="access")]
    item["switch"]["radix"] = 4096
    db.execute("INSERT INTO catalog_items VALUES (?, ?)", ("mega-4096", json.dumps(item)))
    rows = [(100 + i, "mega-4096", "mega-%d" % i, 0.0, 0.0, "oob", "none", -1, None, -1, None, None)
            for i in range(5000)]
    db.executemany("INSERT INTO nodes VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", rows)


def truncate_header(path):
    with open(path, "r+b") as f:
        f.truncate(60)


def dangling_floor(db):
    props = json.loads(db.execute("SELECT value FROM meta WHERE key = 'properties'").fetchone()[0])
    rack = db.execute("SELECT id FROM groups WHERE kind = 'rack' ORDER BY id LIMIT 1").fetchone()[0]
    props["floor"] = {"hall": {}, "rows": [{"name": "A", "x_m": 0, "y_m": 0, "slots": 4, "faces": "north"}],
                      "racks": [[rack, 0, 0], [999, 0, 1]]}
    db.execute("UPDATE meta SET value = ? WHERE key = 'properties'", (json.dumps(props),))


def truncate(path):
    size = os.path.getsize(path)
    with open(path, "r+b") as f:
        f.truncate(size // 2)


# Refused: each runs SQL of the file's choosing on load, or is inconsistent.
make("view-recursive", "view",
     "ALTER TABLE nodes RENAME TO nodes_data;"
     "CREATE VIEW nodes AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000000)"
     " SELECT " + NODES_COLUMNS + " FROM nodes_data, n WHERE i = 1 OR i > 0;")
make("view-huge-string", "view",
     "ALTER TABLE meta RENAME TO meta_data;"
     "CREATE VIEW meta AS SELECT key, CASE key WHEN 'name' THEN hex(zeroblob(50000000)) ELSE value END AS value"
     " FROM meta_data;")
make("trigger", "trigger",
     "CREATE TRIGGER evil AFTER INSERT ON nodes BEGIN DELETE FROM links; END;")
make("extra-table", "table 'evil'", "CREATE TABLE evil (x TEXT);")
make("altered-table", "not defined as Podwright defines it",
     "ALTER TABLE links ADD COLUMN note TEXT DEFAULT 'x';")
make("extra-index", "index", "CREATE INDEX evil_index ON nodes (lower(name));")
make("pod-cycle", "parent chains must be acyclic",
     "INSERT INTO groups VALUES (2, 'pod', 'Pod A', 3, NULL, 0, 0);"
     "INSERT INTO groups VALUES (3, 'pod', 'Pod B', 2, NULL, 0, 0);")
make("server-as-cable", "but dgx-h100 is a server",
     "UPDATE links SET cable = 'dgx-h100' WHERE id = 1;")
make("rack-as-node", "but rack-48u is a rack",
     "UPDATE nodes SET sku = 'rack-48u' WHERE id = 10;")
make("huge-design-name", "longer than Podwright allows",
     "UPDATE meta SET value = printf('%.*c', 300000, 'A') WHERE key = 'name';")
make("huge-node-name", "longer than Podwright allows",
     "UPDATE nodes SET name = printf('%.*c', 100000, 'n') WHERE id = 1;")
make("port-amplification", "ports together", mega_switch)
make("newer-reader", "needs a Podwright that reads design format 3",
     "UPDATE meta SET value = '3' WHERE key = 'min_reader_version';")
make("truncated-half", "damaged", post=truncate)
# Text that is not UTF-8 (a stray byte, an encoded surrogate): SQLite would hand it out changed.
make("invalid-utf8-name", "nodes.name of row 1 is not valid UTF-8",
     "UPDATE nodes SET name = CAST(X'6467782DFF80' AS TEXT) WHERE id = 1;")
make("surrogate-name", "groups.name of row 1 is not valid UTF-8",
     "UPDATE groups SET name = CAST(X'5261636B20EDA080' AS TEXT) WHERE id = 1;")
# Issue 31: bytes SQLite's length() counts as one character each (a lone FF; C3 before '('), which
# a check by length let through.
make("invalid-utf8-lone-ff", "nodes.name of row 1 is not valid UTF-8",
     "UPDATE nodes SET name = CAST(X'6467782DFF' AS TEXT) WHERE id = 1;")
make("invalid-utf8-catalog-item", "is not valid UTF-8",
     "UPDATE catalog_items SET json = replace(json, '\"vendor\":\"NVIDIA\"',"
     " '\"vendor\":\"NV' || CAST(X'C328' AS TEXT) || 'IDIA\"');")
# Issue 31: a floor placement of a rack the design does not have (format 1 keeps the floor plan in
# the properties), and a file cut inside its header.
make("floor-dangling-rack", "it places rack 999, which the design does not have", dangling_floor)
make("truncated-header", "is truncated or damaged", post=truncate_header)

# Accepted: odd but legal content that must survive everything a user can do with it.
make("no-name", "accepted", "DELETE FROM meta WHERE key = 'name';")
make("formula-names", "accepted",
     "UPDATE meta SET value = '</title><script>alert(1)</script>' || char(10) || 'SwitchName=evil Nodes=ALL'"
     " || char(0) || '&amp;' WHERE key = 'name';"
     "UPDATE nodes SET name = '=HYPERLINK(\"http://x\",\"y\")' WHERE id = 1;"
     "UPDATE nodes SET name = '+1+2' WHERE id = 2;"
     "UPDATE nodes SET name = '-3' || char(13) || char(10) || 'SwitchName=injected' WHERE id = 3;"
     "UPDATE nodes SET name = '@SUM(A1)' WHERE id = 4;"
     "UPDATE nodes SET name = char(9) || '=cmd|calc' WHERE id = 5;"
     "UPDATE nodes SET name = 'nul' || char(0) || 'inside' WHERE id = 6;"
     "UPDATE groups SET name = '=rack' || char(10) || 'two lines' WHERE id = 1;")
make("names-at-limit", "accepted",
     "UPDATE meta SET value = printf('%.*c', 256, 'D') WHERE key = 'name';"
     "UPDATE nodes SET name = printf('%.*c', 256, 'n') WHERE id = 1;")
