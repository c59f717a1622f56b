# SPDX-License-Identifier: MIT
"""sparklab stand-in for the Docker CLI, as a DGX Spark's Docker 28 answers it.

An emulated Spark has no GPU, no NGC images and no container runtime a test may use
(the host's daemon must never be reached from a node), so a "container" here is a
process group of the node, started detached by a shim that records its state, with
the environment, labels and mounts the real `docker run` would give it. The images
a node has are the lab's list (`sparklab image add`, in /run/sparklab-node) plus what
`docker pull` fetched; a node has no internet, so a pull of anything else fails as an
offline pull does. The engines inside the images (Ray, vLLM) are the stand-ins in
container-bin/, first on the container's PATH; anything else runs as the node's own
program.

Accepted exactly as the real CLI accepts them (an unknown flag gets Docker's
"unknown flag" and exit 125): run, exec, ps, logs, rm, stop, image ls / images,
pull, inspect's --format '{{.State.Status}}'. Checked as the real daemon checks:
the image is there, the name is free and valid, exec needs a running container,
rm of a running container needs -f. Go templates: the fields used by the Docker
documentation's examples ({{.Names}}, {{.State}}, {{.Label "k"}}, {{.Repository}} …).
"""
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time

STATE = "/tmp/.sparklab-docker"
LAB_IMAGES = "/run/sparklab-node/docker-images.json"
CONTAINER_BIN = os.path.join(os.path.dirname(os.path.realpath(__file__)), "container-bin")
NAME = re.compile(r"^/?[a-zA-Z0-9][a-zA-Z0-9_.-]+$")
# Registries a Spark pulls from; the lab has no internet, so these are "cached" (see pull).
KNOWN_REPOSITORIES = ("nvcr.io/nvidia/vllm", "vllm/vllm-openai")

RUN_VALUE_FLAGS = {"--name", "--label", "-l", "--gpus", "--network", "--net", "--ipc", "--device", "--ulimit",
                   "-v", "--volume", "-e", "--env", "--shm-size", "--restart", "--entrypoint", "-w", "--workdir",
                   "--pids-limit", "--memory", "-m", "--memory-swap", "--user", "-u", "--runtime", "--cap-add"}
RUN_BOOL_FLAGS = {"-d", "--detach", "--rm", "--privileged", "-i", "-t", "-it", "--init"}


def fail(message, code=1):
    sys.stderr.write(message + "\n")
    return code


def unknown_flag(command, flag):
    return fail(f"unknown flag: {flag}\nSee 'docker {command} --help'.", 125)


def ensure_state():
    os.makedirs(os.path.join(STATE, "containers"), exist_ok=True)
    for path in (STATE, os.path.join(STATE, "containers")):
        try:
            os.chmod(path, 0o1777)
        except PermissionError:
            pass


def container_dir(name):
    return os.path.join(STATE, "containers", name.lstrip("/"))


def load(name):
    try:
        with open(os.path.join(container_dir(name), "spec.json")) as f:
            return json.load(f)
    except (FileNotFoundError, NotADirectoryError):
        return None


def all_containers():
    ensure_state()
    out = []
    for name in sorted(os.listdir(os.path.join(STATE, "containers"))):
        spec = load(name)
        if spec:
            out.append(spec)
    return sorted(out, key=lambda s: s["created"], reverse=True)


def find(ref):
    for spec in all_containers():
        if spec["name"] == ref.lstrip("/") or spec["id"].startswith(ref):
            return spec
    return None


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False


def state_of(spec):
    folder = container_dir(spec["name"])
    if os.path.exists(os.path.join(folder, "exit")):
        return "exited"
    if spec.get("pid") and alive(spec["pid"]):
        return "running"
    return "exited" if spec.get("pid") else "created"


def exit_code_of(spec):
    try:
        with open(os.path.join(container_dir(spec["name"]), "exit")) as f:
            return int(f.read().strip() or 0)
    except (FileNotFoundError, ValueError):
        return 0


def images():
    names = []
    for path in (LAB_IMAGES, os.path.join(STATE, "pulled.json")):
        try:
            with open(path) as f:
                names += [n for n in json.load(f) if n not in names]
        except (FileNotFoundError, json.JSONDecodeError):
            pass
    return names


def normalise(image):
    if "@" in image:
        return image
    last = image.rsplit("/", 1)[-1]
    return image if ":" in last else image + ":latest"


def digest_of(image):
    import hashlib
    return "sha256:" + hashlib.sha256(("sparklab image " + normalise(image)).encode()).hexdigest()


def has_image(image):
    wanted = normalise(image)
    for name in images():
        if normalise(name) == wanted or (wanted.split("@")[-1] == digest_of(name) and "@" in wanted):
            return True
    return False


def render(template, fields):
    """Go's text/template for the plain field and Label forms Docker's docs use."""
    def one(match):
        expression = match.group(1).strip()
        label = re.fullmatch(r'\.Label\s+"([^"]*)"', expression)
        if label:
            return fields.get("Labels", {}).get(label.group(1), "")
        field = re.fullmatch(r"\.([A-Za-z]+)(?:\.([A-Za-z]+))?", expression)
        if not field:
            raise ValueError(f'template: :1: function "{expression.split()[0]}" not defined')
        value = fields.get(field.group(1))
        if field.group(2):
            value = (value or {}).get(field.group(2)) if isinstance(value, dict) else None
        if value is None:
            raise ValueError(f'template: :1:2: executing "" at <{expression}>: can\'t evaluate field '
                             f"{field.group(2) or field.group(1)}")
        return str(value)
    text = template.replace("\\t", "\t")
    return re.sub(r"\{\{(.*?)\}\}", one, text)


def take_value(args, i, flag):
    """--flag=value or --flag value: (value, next index)."""
    if "=" in args[i] and args[i].startswith("--"):
        return args[i].split("=", 1)[1], i + 1
    if i + 1 >= len(args):
        raise ValueError(f"flag needs an argument: '{flag.lstrip('-')}' in {flag}")
    return args[i + 1], i + 2


def parse_run(args):
    spec = {"labels": {}, "env": {}, "mounts": [], "devices": [], "gpus": None, "network": "bridge",
            "ipc": "private", "ulimits": [], "detach": False, "name": None}
    i = 0
    while i < len(args) and args[i].startswith("-"):
        flag = args[i].split("=", 1)[0]
        if flag in RUN_BOOL_FLAGS:
            spec["detach"] = spec["detach"] or flag in ("-d", "--detach")
            i += 1
            continue
        if flag not in RUN_VALUE_FLAGS:
            raise KeyError(flag)
        value, i = take_value(args, i, flag)
        if flag == "--name":
            spec["name"] = value
        elif flag in ("--label", "-l"):
            key, _, val = value.partition("=")
            spec["labels"][key] = val
        elif flag in ("-e", "--env"):
            key, eq, val = value.partition("=")
            if eq:
                spec["env"][key] = val
            elif key in os.environ:
                spec["env"][key] = os.environ[key]
        elif flag in ("-v", "--volume"):
            parts = value.split(":")
            if len(parts) < 2 or not parts[1].startswith("/"):
                raise ValueError(f'invalid spec: {value}: invalid volume specification')
            spec["mounts"].append({"source": parts[0], "target": parts[1]})
        elif flag == "--gpus":
            spec["gpus"] = value
        elif flag in ("--network", "--net"):
            spec["network"] = value
        elif flag == "--ipc":
            spec["ipc"] = value
        elif flag == "--device":
            spec["devices"].append(value)
        elif flag == "--ulimit":
            spec["ulimits"].append(value)
    if i >= len(args):
        raise ValueError('"docker run" requires at least 1 argument.\nSee \'docker run --help\'.')
    spec["image"] = args[i]
    spec["command"] = args[i + 1:]
    return spec


def cmd_run(args):
    try:
        spec = parse_run(args)
    except KeyError as e:
        return unknown_flag("run", e.args[0])
    except ValueError as e:
        return fail(f"docker: {e}", 125)
    if spec["name"] is None:
        spec["name"] = "sparklab_" + secrets.token_hex(4)
    if not NAME.match(spec["name"]):
        return fail(f'docker: Error response from daemon: Invalid container name ({spec["name"]}), only '
                    "[a-zA-Z0-9][a-zA-Z0-9_.-] are allowed.", 125)
    existing = find(spec["name"])
    if existing and existing["name"] == spec["name"]:
        return fail(f'docker: Error response from daemon: Conflict. The container name "/{spec["name"]}" is already '
                    f'in use by container "{existing["id"]}". You have to remove (or rename) that container to be '
                    "able to reuse that name.", 125)
    if not has_image(spec["image"]):
        sys.stderr.write(f"Unable to find image '{normalise(spec['image'])}' locally\n")
        return fail(f"docker: Error response from daemon: Get \"https://{spec['image'].split('/')[0]}/v2/\": dial tcp: "
                    "lookup failed: no such host (the emulated Spark has no internet: sparklab image add puts "
                    "an image on a node).", 125)
    if not spec["command"]:
        return fail("docker: Error response from daemon: no command specified (the stand-in images have no "
                    "default command).", 125)
    ensure_state()
    spec["id"] = secrets.token_hex(32)
    spec["created"] = time.time()
    folder = container_dir(spec["name"])
    os.makedirs(folder)
    os.chmod(folder, 0o777)
    with open(os.path.join(folder, "spec.json"), "w") as f:
        json.dump(spec, f)
    shim = subprocess.Popen([sys.executable, os.path.realpath(__file__), "__shim", spec["name"]],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True, close_fds=True)
    for _ in range(100):   # the shim records the engine's pid before `run` returns, as containerd does
        current = load(spec["name"])
        if current.get("pid") or os.path.exists(os.path.join(folder, "exit")):
            break
        time.sleep(0.02)
    del shim
    if not spec["detach"]:
        return cmd_logs([spec["name"]])
    print(spec["id"])
    return 0


def container_environment(spec):
    env = {"PATH": CONTAINER_BIN + ":/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
           "HOSTNAME": os.uname().nodename, "HOME": os.environ.get("HOME", "/tmp"),
           "SPARKLAB_CONTAINER": spec["name"], "SPARKLAB_CONTAINER_DIR": container_dir(spec["name"]),
           "SPARKLAB_MOUNTS": json.dumps(spec["mounts"]), "SPARKLAB_GPUS": spec["gpus"] or "",
           "SPARKLAB_NETWORK": spec["network"], "SPARKLAB_DEVICES": ",".join(spec["devices"])}
    env.update(spec["env"])
    return env


def shim(name):
    """containerd-shim's part: start the engine in its own session, record its pid,
    wait for it, record how it ended."""
    spec = load(name)
    folder = container_dir(name)
    log = open(os.path.join(folder, "log"), "ab")
    try:
        engine = subprocess.Popen(spec["command"], env=container_environment(spec), stdin=subprocess.DEVNULL,
                                  stdout=log, stderr=subprocess.STDOUT, start_new_session=True, cwd="/")
    except OSError as e:
        log.write(f"docker: Error response from daemon: failed to create task: exec: \"{spec['command'][0]}\": "
                  f"{e.strerror}\n".encode())
        code = 127
    else:
        spec["pid"] = engine.pid
        with open(os.path.join(folder, "spec.json.new"), "w") as f:
            json.dump(spec, f)
        os.replace(os.path.join(folder, "spec.json.new"), os.path.join(folder, "spec.json"))
        code = engine.wait()
        code = 128 - code if code < 0 else code
    # A container ends with its main process: what `docker exec` started in it ends too.
    kill_execs(name, signal.SIGKILL)
    with open(os.path.join(folder, "exit"), "w") as f:
        f.write(str(code))
    return 0


def record_exec(name, pid):
    with open(os.path.join(container_dir(name), "execs"), "a") as f:
        f.write(f"{pid}\n")


def kill_execs(name, sig):
    """Every process `docker exec` started in the container (the real daemon's cgroup)."""
    try:
        with open(os.path.join(container_dir(name), "execs")) as f:
            pids = [int(line) for line in f if line.strip()]
    except FileNotFoundError:
        return
    for pid in pids:
        if alive(pid):
            try:
                os.killpg(pid, sig)      # a detached exec leads its own session
            except ProcessLookupError:
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    pass


def cmd_exec(args):
    detach = False
    env = {}
    i = 0
    while i < len(args) and args[i].startswith("-"):
        if args[i] in ("-d", "--detach"):
            detach = True
            i += 1
        elif args[i] in ("-i", "-t", "-it"):
            i += 1
        elif args[i].split("=")[0] in ("-e", "--env"):
            try:
                value, i = take_value(args, i, args[i].split("=")[0])
            except ValueError as e:
                return fail(str(e), 125)
            key, _, val = value.partition("=")
            env[key] = val
        else:
            return unknown_flag("exec", args[i])
    if len(args) - i < 2:
        return fail('"docker exec" requires at least 2 arguments.\nSee \'docker exec --help\'.', 1)
    spec = find(args[i])
    if not spec:
        return fail(f"Error response from daemon: No such container: {args[i]}", 1)
    if state_of(spec) != "running":
        return fail(f"Error response from daemon: container {spec['id']} is not running", 1)
    environment = container_environment(spec)
    environment.update(env)
    command = args[i + 1:]
    try:
        process = subprocess.Popen(command, env=environment, cwd="/", start_new_session=detach,
                                   **({"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL,
                                       "stderr": subprocess.DEVNULL} if detach else {}))
        record_exec(spec["name"], process.pid)
        return 0 if detach else process.wait()
    except OSError as e:
        return fail(f'OCI runtime exec failed: exec failed: unable to start container process: exec: '
                    f'"{command[0]}": {e.strerror}: unknown', 126)


def ps_fields(spec):
    state = state_of(spec)
    status = "Up" if state == "running" else f"Exited ({exit_code_of(spec)})" if state == "exited" else "Created"
    return {"ID": spec["id"][:12], "Names": spec["name"], "Image": spec["image"], "State": state, "Status": status,
            "Labels": spec["labels"], "Command": " ".join(spec["command"])[:20],
            "Mounts": ",".join(m["source"] for m in spec["mounts"])}


def matches(spec, filters):
    for kind, value in filters:
        if kind == "label":
            key, eq, val = value.partition("=")
            if key not in spec["labels"] or (eq and spec["labels"][key] != val):
                return False
        elif kind == "name":
            if not re.search(value, spec["name"]):
                return False
        elif kind == "status":
            if state_of(spec) != value:
                return False
        else:
            return False
    return True


def cmd_ps(args):
    show_all = quiet = False
    filters, template = [], None
    i = 0
    while i < len(args):
        flag = args[i].split("=", 1)[0]
        if flag in ("-a", "--all"):
            show_all, i = True, i + 1
        elif flag in ("-q", "--quiet"):
            quiet, i = True, i + 1
        elif flag == "-aq" or flag == "-qa":
            show_all = quiet = True
            i += 1
        elif flag in ("-f", "--filter", "--format"):
            try:
                value, i = take_value(args, i, flag)
            except ValueError as e:
                return fail(str(e), 125)
            if flag == "--format":
                template = value
            else:
                kind, _, rest = value.partition("=")
                if kind not in ("label", "name", "status", "id", "ancestor"):
                    return fail(f"Error response from daemon: invalid filter '{kind}'", 1)
                filters.append((kind, rest))
        else:
            return unknown_flag("ps", args[i])
    rows = [s for s in all_containers() if (show_all or state_of(s) == "running") and matches(s, filters)]
    try:
        for spec in rows:
            fields = ps_fields(spec)
            if quiet:
                print(fields["ID"])
            elif template:
                print(render(template, fields))
            else:
                print(f"{fields['ID']}   {fields['Image']}   \"{fields['Command']}\"   {fields['Status']}   {fields['Names']}")
    except ValueError as e:
        return fail(str(e), 1)
    return 0


def cmd_logs(args):
    tail = None
    i = 0
    while i < len(args) and args[i].startswith("-"):
        flag = args[i].split("=", 1)[0]
        if flag in ("-n", "--tail"):
            try:
                value, i = take_value(args, i, flag)
            except ValueError as e:
                return fail(str(e), 125)
            tail = None if value == "all" else int(value)
        elif flag in ("-f", "--follow", "-t", "--timestamps"):
            i += 1
        else:
            return unknown_flag("logs", args[i])
    if i >= len(args):
        return fail('"docker logs" requires exactly 1 argument.', 1)
    spec = find(args[i])
    if not spec:
        return fail(f"Error response from daemon: No such container: {args[i]}", 1)
    try:
        with open(os.path.join(container_dir(spec["name"]), "log"), "rb") as f:
            lines = f.read().decode(errors="replace").splitlines()
    except FileNotFoundError:
        lines = []
    for line in lines[-tail:] if tail else ([] if tail == 0 else lines):
        print(line)
    return 0


def kill(spec, sig):
    kill_execs(spec["name"], sig)
    pid = spec.get("pid")
    if pid and alive(pid):
        try:
            os.killpg(pid, sig)
        except ProcessLookupError:
            pass


def cmd_rm(args):
    force = False
    names = []
    for arg in args:
        if arg in ("-f", "--force"):
            force = True
        elif arg.startswith("-"):
            return unknown_flag("rm", arg)
        else:
            names.append(arg)
    if not names:
        return fail('"docker rm" requires at least 1 argument.', 1)
    code = 0
    for name in names:
        spec = find(name)
        if not spec:
            code = fail(f"Error response from daemon: No such container: {name}", 1)
            continue
        if state_of(spec) == "running":
            if not force:
                code = fail(f"Error response from daemon: cannot remove container \"/{spec['name']}\": container is "
                            "running: stop the container before removing or force remove", 1)
                continue
            kill(spec, signal.SIGKILL)
            for _ in range(100):
                if not alive(spec["pid"]):
                    break
                time.sleep(0.01)
        folder = container_dir(spec["name"])
        for entry in os.listdir(folder):
            os.unlink(os.path.join(folder, entry))
        os.rmdir(folder)
        print(name)
    return code


def cmd_stop(args):
    names = [a for a in args if not a.startswith("-")]
    if not names:
        return fail('"docker stop" requires at least 1 argument.', 1)
    for name in names:
        spec = find(name)
        if not spec:
            return fail(f"Error response from daemon: No such container: {name}", 1)
        kill(spec, signal.SIGTERM)
        for _ in range(1000):
            if state_of(spec) != "running":
                break
            time.sleep(0.01)
        kill(spec, signal.SIGKILL)
        print(name)
    return 0


def cmd_images(args):
    template = None
    i = 0
    while i < len(args):
        flag = args[i].split("=", 1)[0]
        if flag == "--format":
            try:
                template, i = take_value(args, i, flag)
            except ValueError as e:
                return fail(str(e), 125)
        elif flag in ("--digests", "-a", "--all", "--no-trunc"):
            i += 1
        else:
            return unknown_flag("image ls", args[i])
    try:
        for name in images():
            full = normalise(name)
            repository, _, tag = full.rpartition(":")
            fields = {"Repository": repository, "Tag": tag, "Digest": digest_of(name), "ID": digest_of(name)[7:19]}
            print(render(template, fields) if template else f"{repository}   {tag}   {fields['ID']}")
    except ValueError as e:
        return fail(str(e), 1)
    return 0


def cmd_pull(args):
    if len(args) != 1:
        return fail('"docker pull" requires exactly 1 argument.', 1)
    image = normalise(args[0])
    if not image.startswith(KNOWN_REPOSITORIES):
        return fail(f"Error response from daemon: pull access denied for {image.rsplit(':', 1)[0]}, repository does "
                    "not exist or may require 'docker login'", 1)
    ensure_state()
    path = os.path.join(STATE, "pulled.json")
    pulled = []
    if os.path.exists(path):
        with open(path) as f:
            pulled = json.load(f)
    if image not in pulled:
        pulled.append(image)
    with open(path, "w") as f:
        json.dump(pulled, f)
    print(f"Status: Downloaded newer image for {image}\n{image}")
    return 0


def cmd_inspect(args):
    template = None
    names = []
    i = 0
    while i < len(args):
        flag = args[i].split("=", 1)[0]
        if flag in ("-f", "--format"):
            template, i = take_value(args, i, flag)
        elif args[i].startswith("-"):
            return unknown_flag("inspect", args[i])
        else:
            names.append(args[i])
            i += 1
    for name in names:
        spec = find(name)
        if not spec:
            return fail(f"Error: No such object: {name}", 1)
        fields = {"Id": spec["id"], "Name": "/" + spec["name"],
                  "State": {"Status": state_of(spec), "Running": state_of(spec) == "running",
                            "ExitCode": exit_code_of(spec)},
                  "Config": {"Image": spec["image"]}}
        print(render(template, fields) if template else json.dumps([fields], indent=4))
    return 0


COMMANDS = {"run": cmd_run, "exec": cmd_exec, "ps": cmd_ps, "logs": cmd_logs, "rm": cmd_rm, "stop": cmd_stop,
            "images": cmd_images, "pull": cmd_pull, "inspect": cmd_inspect}


def main(argv):
    if argv[:1] == ["__shim"]:
        return shim(argv[1])
    if not argv or argv[0] in ("-h", "--help"):
        print("Usage:  docker [OPTIONS] COMMAND\n\n(sparklab stand-in: run exec ps logs rm stop images pull inspect)")
        return 0
    command, rest = argv[0], argv[1:]
    if command in ("image", "container") and rest:
        sub = rest[0]
        if command == "image" and sub in ("ls", "list"):
            return cmd_images(rest[1:])
        if command == "image" and sub == "pull":
            return cmd_pull(rest[1:])
        if command == "container" and sub in ("ls", "list", "ps"):
            return cmd_ps(rest[1:])
        if command == "container" and sub in COMMANDS:
            return COMMANDS[sub](rest[1:])
        return fail(f"docker: '{command} {sub}' is not a docker command.\nSee 'docker --help'", 1)
    if command not in COMMANDS:
        return fail(f"docker: '{command}' is not a docker command.\nSee 'docker --help'", 1)
    return COMMANDS[command](rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
