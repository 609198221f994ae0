"""`vitir show MODULE`: open a StableHLO program in Google's Model Explorer, grouped by layer path.

Model Explorer's built-in MLIR adapter reads the text and puts each op in
the nested group its name location spells (`loc("vit/b3/attn/qkv")`, or
JAX's `loc("jit(f)/transpose(jvp(vit))/b3/dot_general"(...))`), split at
`/`: a ViT step opens as its layers, each expanding into its ops. Locations
come from the text: vitir's own programs printed with --debug-info, or a JAX
program lowered with `.as_text(debug_info=True)`; without them the graph is
one flat list of ops, and the command says so.

The module is read by vitir first (its errors name the op and line), then
served at http://HOST:PORT until interrupted (--no-browser: open it yourself).
--json OUT writes Model Explorer's graph JSON instead of serving (it opens in
Model Explorer's UI from a file too). --profile P.json (vitir profile's)
colours each op by its time per step, and Model Explorer sums it per group.

Needs the optional extra: pip install 'vitir[show]' (ai-edge-model-explorer).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

from ..errors import ConfigError

INSTALL = "pip install 'vitir[show]' (ai-edge-model-explorer)"
# The adapter's own groups for a function's (or region's) arguments and results, not layers.
INPUTS_NAMESPACE = "Inputs"
ADAPTER_NAMESPACES = (INPUTS_NAMESPACE, "Outputs")
# The adapter tells a group from an op of the same name by a suffix: `jit(step)_3`.
_ADAPTER_SUFFIX = re.compile(r"\)_\d+(?=/|$)")
_NODE_SUFFIX = re.compile(r"_\d+$")


def add_parser(sub) -> None:
    p = sub.add_parser("show", help="open a program in Google's Model Explorer, grouped by layer path",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("module", help="StableHLO text file (.mlir), best with locations")
    p.add_argument("--json", metavar="OUT", help="write Model Explorer's graph JSON to OUT instead of serving it")
    p.add_argument("--profile", metavar="PROFILE_JSON",
                   help="colour the ops by their time per step in a profile (vitir profile's or vitir train "
                        "--profile's .json): each op_name's time shared by the ops of that name")
    p.add_argument("--host", default="localhost", help="where to serve (default localhost)")
    p.add_argument("--port", type=int, default=8080, help="port to serve on (default 8080)")
    p.add_argument("--no-browser", action="store_true", help="serve without opening a browser")
    p.set_defaults(func=run)


def model_explorer():
    """Model Explorer's package, or a ConfigError saying how to install it."""
    try:
        import model_explorer
    except ImportError:
        raise ConfigError(f"vitir show needs Google's Model Explorer: {INSTALL}") from None
    return model_explorer


def graph_collections(path: str | Path) -> list[dict]:
    """Model Explorer's graphs of the StableHLO text at `path`, by its built-in MLIR adapter, as JSON."""
    model_explorer()
    from dataclasses import asdict

    from model_explorer.builtin_mlir_adapter import BuiltinMlirAdapter

    try:
        collections = BuiltinMlirAdapter().convert(str(path), {})["graphCollections"]
    except Exception as e:  # the adapter's C++ parser: its message names the line
        raise ConfigError(f"{path}: Model Explorer's MLIR adapter could not read it: {e}") from None
    return [asdict(c) for c in collections]


def layer_groups(collections: list[dict], depth: int = 2) -> Counter:
    """Ops per phase and layer path prefix of `depth` segments, read from each node's namespace (its
    name location) as the profile reads an op_name; ("", "") counts the ops without a location."""
    from ..backend.profile import read_op_name

    counts: Counter = Counter()
    for _, node in _nodes(collections):
        namespace = node.get("namespace", "")
        if namespace in ADAPTER_NAMESPACES or namespace.endswith("/" + INPUTS_NAMESPACE):
            continue
        if not namespace or namespace.startswith("("):  # no location, or a region of an unlocated op
            counts["", ""] += 1
            continue
        path = read_op_name(_ADAPTER_SUFFIX.sub(")", namespace))
        counts[path.phase, path.prefix(depth)] += 1
    return counts


def _nodes(collections: list[dict]):
    """(graph id, node) of every node of every graph."""
    for collection in collections:
        for graph in collection["graphs"]:
            for node in graph["nodes"]:
                yield graph["id"], node


def node_times(collections: list[dict], profile: dict) -> dict[str, dict[str, float]]:
    """ms per step of each graph node (graph id -> node id -> ms) from a profile's instructions: the
    time of each op_name shared equally by the nodes whose namespace (name location) it is."""
    by_op_name: dict[str, float] = defaultdict(float)
    for instruction in profile["instructions"]:
        if instruction["op_name"]:
            by_op_name[instruction["op_name"]] += 1e3 * instruction["seconds"]
    owners: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for graph_id, node in _nodes(collections):
        namespace = node.get("namespace", "")
        if namespace not in by_op_name:  # the adapter's suffix on a second op of one name: `mul_4`
            namespace = _NODE_SUFFIX.sub("", namespace)
        if namespace in by_op_name:
            owners[namespace].append((graph_id, node["id"]))
    times: dict[str, dict[str, float]] = defaultdict(dict)
    for op_name, nodes in owners.items():
        for graph_id, node_id in nodes:
            times[graph_id][node_id] = by_op_name[op_name] / len(nodes)
    return dict(times)


def node_data(times: dict[str, dict[str, float]]):
    """Model Explorer's node data of `node_times`, coloured white to red by time."""
    from model_explorer.node_data_builder import GradientItem, GraphNodeData, ModelNodeData, NodeDataResult

    gradient = [GradientItem(stop=0, bgColor="#ffffff"), GradientItem(stop=1, bgColor="#d62728")]
    return ModelNodeData(graphsData={
        graph_id: GraphNodeData(results={node: NodeDataResult(value=ms) for node, ms in nodes.items()},
                                gradient=gradient)
        for graph_id, nodes in times.items()})


def summary(collections: list[dict]) -> str:
    from ..backend.profile import PROGRAM, UNNAMED

    groups = layer_groups(collections)
    ops = sum(groups.values())
    flat = groups.get(("", ""), 0)
    if ops and flat == ops:
        return (f"{ops} ops, none with a name location: Model Explorer shows them as one flat list (print "
                "vitir's program with --debug-info, or lower JAX's with .as_text(debug_info=True))")
    top = ", ".join(f"{phase + ' ' if phase else ''}{path} ({count})"
                    for (phase, path), count in groups.most_common(9) if path not in ("", UNNAMED, PROGRAM))
    return f"{ops} ops, {ops - flat} grouped by layer path; the largest groups: {top}"


def run(args) -> int:
    from ..files import read_text, write_text
    from ..mlir import import_text

    model_explorer()  # before reading anything
    import_text(read_text(args.module))  # vitir's reader first: its errors name the op and line
    collections = graph_collections(args.module)
    print(f"{args.module}: {summary(collections)}", file=sys.stderr)
    data = None
    if args.profile:
        times = node_times(collections, json.loads(read_text(args.profile)))
        timed = sum(len(nodes) for nodes in times.values())
        print(f"{args.profile}: {timed} ops timed, {sum(sum(n.values()) for n in times.values()):.3f} ms per step",
              file=sys.stderr)
        data = node_data(times)
    if args.json:
        write_text(args.json, json.dumps(collections))
        written = [args.json]
        if data is not None:
            times_path = str(Path(args.json).with_suffix(".times.json"))
            write_text(times_path, data.to_json_string())
            written.append(times_path)
        print(f"wrote {', '.join(written)}", file=sys.stderr)
        return 0
    from model_explorer import config, visualize_from_config

    settings = config().add_model_from_path(str(Path(args.module).resolve()), adapterId="builtin_mlir")
    if data is not None:
        settings.add_node_data("ms per step", data)
    visualize_from_config(settings, host=args.host, port=args.port, no_open_in_browser=args.no_browser)
    return 0
