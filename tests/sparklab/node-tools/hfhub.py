# SPDX-License-Identifier: MIT
"""sparklab stand-in for the Hugging Face CLI's download (`hf download`, and the
older `huggingface-cli download`), as huggingface_hub 0.36 has them.

An emulated Spark has no internet, so this "downloads" from the lab's hub
stand-in: /run/sparklab-node/hf-mirror, repositories in the real cache layout
that `sparklab model publish` writes. Everything else is what the real client
does (huggingface_hub's file_download.py and _snapshot_download.py):

- the cache is $HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub
  (or --cache-dir); the token is --token, else HF_TOKEN, else
  HUGGING_FACE_HUB_TOKEN, else $HF_HOME/token;
- refs/<revision> is written before any blob; each file is written as
  blobs/<etag>.incomplete (appended to when one is there: a cut download goes
  on) under .locks/<repo folder>/<etag>.lock, renamed when whole, and only then
  linked from snapshots/<commit>/;
- success prints the snapshot folder on stdout; failures print the Python
  traceback of the Hub's exception (RepositoryNotFoundError, GatedRepoError,
  RevisionNotFoundError, LocalEntryNotFoundError, OSError) and exit 1;
  unknown flags get argparse's usage error and exit 2.

It paces itself at HUB_BYTES_PER_SECOND, a home internet line, so a download
takes long enough to be watched and cut.
"""
import argparse
import fcntl
import os
import re
import sys
import time

MIRROR = "/run/sparklab-node/hf-mirror"
OFFLINE_MARKER = "/run/sparklab-node/hub-offline"   # fault hub-offline
ACCEPTED_TOKEN = "hf_sparklab_read_token"
HUB_BYTES_PER_SECOND = 40 * 1000 * 1000
CHUNK = 256 * 1024
ENDPOINT = "https://huggingface.co"
REPO_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,95}/[A-Za-z0-9][A-Za-z0-9._-]{0,95}$")


class HubError(Exception):
    def __init__(self, module_name, text):
        super().__init__(text)
        self.module_name = module_name


def traceback_exit(error):
    # What the real CLI prints for an uncaught Hub exception (0.34-1.3).
    sys.stderr.write("Traceback (most recent call last):\n"
                     '  File "/usr/local/bin/hf", line 8, in <module>\n'
                     "    sys.exit(main())\n"
                     "             ^^^^^^\n"
                     f"{error.module_name}: {error}\n")
    sys.exit(1)


def token_of(args):
    if args.token:
        return args.token
    for name in ("HF_TOKEN", "HUGGING_FACE_HUB_TOKEN"):
        if os.environ.get(name):
            return os.environ[name]
    home = os.environ.get("HF_HOME") or os.path.join(os.path.expanduser("~"), ".cache", "huggingface")
    try:
        with open(os.path.join(home, "token")) as f:
            return f.read().strip() or None
    except OSError:
        return None


def cache_of(args):
    if args.cache_dir:
        return os.path.expanduser(args.cache_dir)
    if os.environ.get("HF_HUB_CACHE"):
        return os.environ["HF_HUB_CACHE"]
    home = os.environ.get("HF_HOME") or os.path.join(os.path.expanduser("~"), ".cache", "huggingface")
    return os.path.join(home, "hub")


def resolve(repo, revision, token):
    """The mirror's folder and the commit `revision` names, or the Hub's error."""
    api = f"{ENDPOINT}/api/models/{repo}/revision/{revision}"
    if os.path.exists(OFFLINE_MARKER):
        raise HubError("huggingface_hub.errors.LocalEntryNotFoundError",
                       "An error happened while trying to locate the files on the Hub and we cannot find the "
                       "appropriate snapshot folder for the specified revision on the local disk. Please check "
                       "your internet connection and try again.")
    if token is not None and token != ACCEPTED_TOKEN:
        raise HubError("huggingface_hub.errors.HfHubHTTPError",
                       f"401 Client Error: Unauthorized for url: {api} (Request ID: Root=sparklab)\n\n"
                       "Invalid credentials in Authorization header")
    folder = os.path.join(MIRROR, "models--" + repo.replace("/", "--"))
    if not REPO_ID.match(repo) or not os.path.isdir(folder):
        raise HubError("huggingface_hub.errors.RepositoryNotFoundError",
                       f"401 Client Error. (Request ID: Root=sparklab)\n\nRepository Not Found for url: {api}.\n"
                       "Please make sure you specified the correct `repo_id` and `repo_type`.\n"
                       "If you are trying to access a private or gated repo, make sure you are authenticated. "
                       "For more details, see https://huggingface.co/docs/huggingface_hub/authentication")
    if os.path.exists(os.path.join(folder, "gated")) and token != ACCEPTED_TOKEN:
        raise HubError("huggingface_hub.errors.GatedRepoError",
                       f"401 Client Error. (Request ID: Root=sparklab)\n\nCannot access gated repo for url {api}.\n"
                       f"Access to model {repo} is restricted. You must have access to it and be authenticated "
                       "to access it. Please log in.")
    ref = os.path.join(folder, "refs", revision.replace("/", "%2F"))
    if os.path.isfile(ref):
        with open(ref) as f:
            return folder, f.read().strip()
    if re.fullmatch(r"[0-9a-f]{40}", revision) and os.path.isdir(os.path.join(folder, "snapshots", revision)):
        return folder, revision
    raise HubError("huggingface_hub.errors.RevisionNotFoundError",
                   f"404 Client Error. (Request ID: Root=sparklab)\n\nRevision Not Found for url: {api}.\n"
                   f"Invalid rev id: {revision}")


def fetch_blob(source, incomplete, blob, say):
    """Appends to the .incomplete file from where it stopped, paced, then renames it."""
    size = os.path.getsize(source)
    done = os.path.getsize(incomplete) if os.path.exists(incomplete) else 0
    if done > size:
        os.unlink(incomplete)   # not the same file any more: start again, as a failed resume does
        done = 0
    if done:
        say(f"Resuming download of {os.path.basename(blob)} from byte {done}")
    started = time.monotonic()
    sent = 0
    with open(source, "rb") as src, open(incomplete, "ab") as out:
        src.seek(done)
        while True:
            chunk = src.read(CHUNK)
            if not chunk:
                break
            out.write(chunk)
            out.flush()
            sent += len(chunk)
            ahead = sent / HUB_BYTES_PER_SECOND - (time.monotonic() - started)
            if ahead > 0:
                time.sleep(ahead)
        os.fsync(out.fileno())
    os.chmod(incomplete, 0o644)
    os.replace(incomplete, blob)


def download(args):
    say = (lambda text: None) if args.quiet else (lambda text: print(text, file=sys.stderr, flush=True))
    token = token_of(args)
    revision = args.revision or "main"
    try:
        folder, commit = resolve(args.repo_id, revision, token)
    except HubError as error:
        traceback_exit(error)
    cache = cache_of(args)
    name = os.path.basename(folder)
    target = os.path.join(cache, name)
    snapshot_src = os.path.join(folder, "snapshots", commit)
    files = sorted(os.path.relpath(os.path.join(top, f), snapshot_src)
                   for top, _, names in os.walk(snapshot_src) for f in names)
    if args.filenames:
        files = [f for f in files if f in args.filenames]
    try:
        for d in ("blobs", "refs", os.path.join("snapshots", commit)):
            os.makedirs(os.path.join(target, d), exist_ok=True)
        locks = os.path.join(cache, ".locks", name)
        os.makedirs(locks, exist_ok=True)
        if revision != commit:
            with open(os.path.join(target, "refs", revision.replace("/", "%2F")), "w") as f:
                f.write(commit)
        say(f"Fetching {len(files)} files")
        for relative in files:
            link_src = os.path.join(snapshot_src, relative)
            etag = os.path.basename(os.readlink(link_src))
            blob = os.path.join(target, "blobs", etag)
            link = os.path.join(target, "snapshots", commit, relative)
            if not os.path.exists(blob) or args.force_download:
                with open(os.path.join(locks, etag + ".lock"), "w") as lock:
                    fcntl.flock(lock, fcntl.LOCK_EX)
                    incomplete = blob + ".incomplete"
                    if args.force_download and os.path.exists(incomplete):
                        os.unlink(incomplete)
                    say(f"Downloading '{relative}' to '{incomplete}'")
                    fetch_blob(os.path.join(folder, "blobs", etag), incomplete, blob, say)
                    say(f"Download complete. Moving file to {blob}")
            os.makedirs(os.path.dirname(link), exist_ok=True)
            if not os.path.lexists(link):
                depth = relative.count("/")
                os.symlink(os.path.join(*([".."] * (2 + depth)), "blobs", etag), link)
    except OSError as error:
        traceback_exit(HubError("OSError", f"[Errno {error.errno}] {error.strerror}: '{error.filename}'"))
    print(os.path.join(target, "snapshots", commit), flush=True)
    return 0


def main(program):
    parser = argparse.ArgumentParser(prog=program, usage=f"{program} <command> [<args>]",
                                     description="sparklab stand-in for the Hugging Face CLI: only `download` "
                                                 "is emulated, from the lab's hub mirror (a node has no internet).")
    sub = parser.add_subparsers(dest="command", metavar="{download,version}")
    dl = sub.add_parser("download", help="Download files from the Hub")
    dl.add_argument("repo_id")
    dl.add_argument("filenames", nargs="*")
    dl.add_argument("--repo-type", choices=["model", "dataset", "space"], default="model")
    dl.add_argument("--revision")
    dl.add_argument("--include", nargs="*")
    dl.add_argument("--exclude", nargs="*")
    dl.add_argument("--cache-dir")
    dl.add_argument("--local-dir")
    dl.add_argument("--force-download", action="store_true")
    dl.add_argument("--token")
    dl.add_argument("--quiet", action="store_true")
    dl.add_argument("--max-workers", type=int, default=8)
    if program == "huggingface-cli":
        # Accepted and ignored by 0.36, as deprecated.
        dl.add_argument("--local-dir-use-symlinks", choices=["auto", "True", "False"])
        dl.add_argument("--resume-download", action="store_true")
    sub.add_parser("version", help="Print information about the hf version.")
    args = parser.parse_args()
    if program == "huggingface-cli":
        print("⚠️  Warning: 'huggingface-cli download' is deprecated. Use 'hf download' instead.", flush=True)
    if args.command == "version":
        print("huggingface_hub version: 0.36.0 (sparklab stand-in)")
        return 0
    if args.command != "download":
        parser.print_usage(sys.stderr)
        return 2
    if args.repo_type != "model" or args.local_dir or args.include or args.exclude:
        print(f"{program}: sparklab stand-in: only model repositories into the cache are emulated "
              "(no --repo-type other than model, --local-dir, --include or --exclude)", file=sys.stderr)
        return 2
    return download(args)
