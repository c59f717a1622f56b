# SPDX-License-Identifier: MIT
"""sparklab stand-in for `vllm serve` in NVIDIA's vLLM image.

It accepts vLLM's command line (an unknown flag gets argparse's error and exit 2),
refuses what the real engine refuses before it loads anything (no GPU given to the
container, a model not complete in the cache it sees on any node, more GPUs asked
for than the Ray cluster has, an interface or RoCE device in the environment that
a node lacks, the port taken), then serves the OpenAI API for real over HTTP:
/health, /v1/models, /v1/chat/completions and /v1/completions, streamed (server-sent
events, as vLLM sends them) or whole. The text is deterministic (from the prompt);
the decode rate is the stand-in's own, DECODE_TOKENS_PER_SECOND on one node and
CLUSTER_TOKENS_PER_SECOND across nodes: it cannot know a GPU's real throughput and
does not pretend to (fault serve-never-ready: it never becomes ready).
"""
import argparse
import hashlib
import json
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import raystandin
import servecommon

DECODE_TOKENS_PER_SECOND = 50.0
CLUSTER_TOKENS_PER_SECOND = 40.0
LOAD_BYTES_PER_SECOND = 2 * 1000 * 1000 * 1000
WORDS = ("the cluster answers every request with tokens that arrive at a steady pace while the sparks "
         "share the work over their cables and the model stays in unified memory").split()


def say(line):
    print(line, flush=True)


def parser():
    p = argparse.ArgumentParser(prog="vllm serve")
    p.add_argument("model")
    p.add_argument("--host", default=None)
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--tensor-parallel-size", "-tp", type=int, default=1)
    p.add_argument("--pipeline-parallel-size", "-pp", type=int, default=1)
    p.add_argument("--gpu-memory-utilization", type=float, default=0.9)
    p.add_argument("--max-model-len", type=int, default=None)
    p.add_argument("--served-model-name", nargs="+", default=None)
    p.add_argument("--distributed-executor-backend", choices=["ray", "mp", "uni", "external_launcher"])
    for valued in ("--max-num-seqs", "--max-num-batched-tokens", "--kv-cache-dtype", "--speculative-config",
                   "--override-generation-config", "--generation-config", "--reasoning-parser", "--tool-call-parser",
                   "--load-format", "--dtype", "--quantization", "--moe-backend", "--chat-template", "--seed",
                   "--swap-space", "--compilation-config", "-cc", "--attention-backend", "--tokenizer",
                   "--revision", "--data-parallel-size", "--limit-mm-per-prompt", "--api-key"):
        p.add_argument(valued)
    for flag in ("--trust-remote-code", "--enable-prefix-caching", "--enable-chunked-prefill", "--enforce-eager",
                 "--enable-auto-tool-choice", "--disable-custom-all-reduce", "--async-scheduling",
                 "--no-async-scheduling", "--enable-expert-parallel", "--disable-log-requests"):
        p.add_argument(flag, action="store_true")
    return p


def tokens_for(prompt, count):
    seed = hashlib.sha256(prompt.encode()).digest()
    return [WORDS[(seed[i % len(seed)] + i) % len(WORDS)] for i in range(count)]


class Engine:
    def __init__(self, args, names, rate):
        self.args, self.names, self.rate = args, names, rate
        self.created = int(time.time())


def make_handler(engine):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *values):
            say(f"INFO:     {self.client_address[0]} - \"{self.requestline}\" {values[1] if len(values) > 1 else ''}")

        def send_json(self, code, body):
            data = json.dumps(body).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            if self.path == "/health":
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif self.path == "/v1/models":
                self.send_json(200, {"object": "list", "data": [
                    {"id": name, "object": "model", "created": engine.created, "owned_by": "vllm",
                     "root": engine.args.model, "max_model_len": engine.args.max_model_len or 32768}
                    for name in engine.names]})
            else:
                self.send_json(404, {"detail": "Not Found"})

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(length) or b"{}")
            except json.JSONDecodeError as e:
                return self.send_json(400, {"object": "error", "message": f"Invalid JSON: {e}", "code": 400})
            chat = self.path == "/v1/chat/completions"
            if self.path not in ("/v1/chat/completions", "/v1/completions"):
                return self.send_json(404, {"detail": "Not Found"})
            if body.get("model") not in engine.names:
                return self.send_json(404, {"object": "error", "type": "NotFoundError", "code": 404,
                                            "message": f"The model `{body.get('model')}` does not exist."})
            prompt = json.dumps(body.get("messages")) if chat else str(body.get("prompt"))
            count = int(body.get("max_tokens") or body.get("max_completion_tokens") or 16)
            words = tokens_for(prompt, count)
            if body.get("stream"):
                return self.stream(body, chat, words, len(prompt) // 4 + 1)
            time.sleep(count / engine.rate)
            text = " ".join(words)
            choice = ({"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "length"}
                      if chat else {"index": 0, "text": text, "finish_reason": "length"})
            self.send_json(200, {"id": "cmpl-sparklab", "object": "chat.completion" if chat else "text_completion",
                                 "created": int(time.time()), "model": body["model"], "choices": [choice],
                                 "usage": {"prompt_tokens": len(prompt) // 4 + 1, "completion_tokens": count,
                                           "total_tokens": len(prompt) // 4 + 1 + count}})

        def stream(self, body, chat, words, prompt_tokens):
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()

            def event(payload):
                data = ("data: " + (payload if isinstance(payload, str) else json.dumps(payload)) + "\n\n").encode()
                self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
                self.wfile.flush()

            def chunk(delta, finish=None):
                base = {"id": "chatcmpl-sparklab", "object": "chat.completion.chunk" if chat else "text_completion",
                        "created": int(time.time()), "model": body["model"]}
                choice = {"index": 0, "finish_reason": finish}
                choice.update({"delta": delta} if chat else {"text": delta.get("content", "")})
                base["choices"] = [choice]
                return base

            try:
                time.sleep(0.05)   # the prefill before the first token
                if chat:
                    event(chunk({"role": "assistant", "content": ""}))
                start = time.monotonic()
                for i, word in enumerate(words):
                    due = start + (i + 1) / engine.rate
                    time.sleep(max(0.0, due - time.monotonic()))
                    event(chunk({"content": (" " if i else "") + word}, "length" if i == len(words) - 1 else None))
                if (body.get("stream_options") or {}).get("include_usage"):
                    event({"id": "chatcmpl-sparklab", "object": "chat.completion.chunk", "created": int(time.time()),
                           "model": body["model"], "choices": [],
                           "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": len(words),
                                     "total_tokens": prompt_tokens + len(words)}})
                event("[DONE]")
                self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                pass

    return Handler


def refusal(args):
    """What the real engine stops on before it serves, as it says it; None when nothing."""
    if not os.environ.get("SPARKLAB_GPUS"):
        return "RuntimeError: No CUDA GPUs are available (the container was started without --gpus)"
    world = args.tensor_parallel_size * args.pipeline_parallel_size
    nodes = raystandin.ask_head("STATUS") if os.path.exists(raystandin.head_file()) else None
    available = len(nodes) if nodes else 1
    if world > available:
        return ("ValueError: The number of required GPUs exceeds the total number of available GPUs in the "
                f"placement group (required {world}, available {available}).")
    for node in (nodes or [])[:world]:
        if len(node) > 2 and node[2]:
            return f"{node[2]}\nRuntimeError: NCCL error: unhandled system error (on {node[1]})"
    problems = servecommon.environment_problems(os.environ)
    if world > 1 and problems:
        return problems[0] + "\nRuntimeError: NCCL error: unhandled system error"
    checks = raystandin.ask_head("CHECK " + args.model) if nodes and world > 1 else None
    for address, *problem in checks or [["this node", servecommon.model_problem(args.model) or ""]]:
        if problem and problem[0]:
            return f"OSError: {problem[0]} (on {address})"
    return None


def serve(argv):
    try:
        args = parser().parse_args(argv)
    except SystemExit as e:
        return e.code
    say(f"INFO vllm serve {args.model}: tensor parallel {args.tensor_parallel_size}, pipeline parallel "
        f"{args.pipeline_parallel_size} (sparklab stand-in: no GPU, deterministic text)")
    problem = refusal(args)
    if problem:
        say(problem)
        return 1
    nodes = args.tensor_parallel_size * args.pipeline_parallel_size
    size = servecommon.weight_bytes(args.model)
    say(f"Loading safetensors checkpoint shards: 0% Completed | 0/{nodes}")
    time.sleep(1 + size / LOAD_BYTES_PER_SECOND)
    say(f"Loading safetensors checkpoint shards: 100% Completed | {nodes}/{nodes}")
    while servecommon.fault("serve-never-ready"):
        say("INFO Capturing CUDA graphs… (sparklab fault serve-never-ready: this never ends)")
        time.sleep(5)
    try:
        server = ThreadingHTTPServer((args.host or "0.0.0.0", args.port), None)
    except OSError as e:
        say(f"ERROR [Errno {e.errno}] error while attempting to bind on address ('{args.host or '0.0.0.0'}', "
            f"{args.port}): {e.strerror.lower()}")
        return 1
    names = args.served_model_name or [args.model]
    server.RequestHandlerClass = make_handler(Engine(args, names, DECODE_TOKENS_PER_SECOND if nodes == 1 else CLUSTER_TOKENS_PER_SECOND))
    server.daemon_threads = True
    say(f"INFO Starting vLLM API server on http://{args.host or '0.0.0.0'}:{args.port}")
    say("INFO:     Application startup complete.")
    server.serve_forever()
    return 0


def main(argv):
    if argv[:1] != ["serve"]:
        say("vllm: the sparklab stand-in has `vllm serve` only")
        return 2
    return serve(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
