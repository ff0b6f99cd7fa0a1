#!/usr/bin/env python3
"""Rewrites an ASCII Gmsh 4.0 .msh file as a binary 4.0 one, for the reader's tests: gmsh 4.8
writes 4.0 in ASCII only. Binary 4.0 (gmsh 4.0's GModelIO_MSH4.cpp): counts are 8-byte
unsigned, tags and types 4-byte ints, coordinates doubles, all little-endian; each binary block
is followed by a newline before its $End line.

    python3 gmsh40_binary.py ascii40.msh binary40.msh
"""
import struct
import sys


def entities(lines):
    counts = [int(v) for v in lines[0].split()]
    out = struct.pack("<4Q", *counts)
    for dim, line in zip([d for d, n in enumerate(counts) for _ in range(n)], lines[1:]):
        v = line.split()
        out += struct.pack("<i6d", int(v[0]), *map(float, v[1:7]))
        nphys = int(v[7])
        out += struct.pack("<Q%di" % nphys, nphys, *map(int, v[8 : 8 + nphys]))
        if dim > 0:
            rest = v[8 + nphys :]
            out += struct.pack("<Q%di" % int(rest[0]), int(rest[0]), *map(int, rest[1:]))
    return out


def blocks(lines, record):
    blocks_count, total = map(int, lines[0].split())
    out = struct.pack("<2Q", blocks_count, total)
    at = 1
    for _ in range(blocks_count):
        a, b, c, n = map(int, lines[at].split())
        out += struct.pack("<3iQ", a, b, c, n)
        for line in lines[at + 1 : at + 1 + n]:
            out += record(line.split())
        at += 1 + n
    return out


def node(v):
    return struct.pack("<i3d", int(v[0]), *map(float, v[1:4]))


def element(v):
    return struct.pack("<%di" % len(v), *map(int, v))


def main(source, target):
    text = open(source).read().split("\n")
    out = b""
    i = 0
    while i < len(text):
        line = text[i]
        if not line.startswith("$") or line.startswith("$End"):
            i += 1
            continue
        name = line[1:]
        end = text.index("$End" + name, i)
        body = text[i + 1 : end]
        if name == "MeshFormat":
            data = b"4 1 8\n" + struct.pack("<i", 1) + b"\n"
        elif name == "Entities":
            data = entities(body) + b"\n"
        elif name == "Nodes":
            data = blocks(body, node) + b"\n"
        elif name == "Elements":
            data = blocks(body, element) + b"\n"
        else:
            data = "".join(l + "\n" for l in body).encode()
        out += ("$%s\n" % name).encode() + data + ("$End%s\n" % name).encode()
        i = end + 1
    open(target, "wb").write(out)


if __name__ == "__main__":
    main(*sys.argv[1:])
