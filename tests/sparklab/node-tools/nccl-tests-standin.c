/* SPDX-License-Identifier: MIT
 *
 * sparklab stand-in for NVIDIA's nccl-tests (all_gather_perf, all_reduce_perf) on an
 * emulated DGX Spark. A PC has no GB10, no CUDA and no NCCL. As with NCCL, MPI only
 * starts the ranks and exchanges addresses; the collective (all_gather, all_reduce of
 * floats, sum) runs NCCL's ring algorithms over the stand-in's own transport: one TCP
 * connection per CX-7 netdev behind the HCAs in NCCL_IB_HCA towards the next rank, as
 * NCCL drives each HCA, so real bytes cross every twin of the lab's shaped cables.
 * (Open MPI's ob1/TCP reached only half of a port's two twins.) What it prints is nccl-tests' own format (2.14), so a
 * normal run prints nothing else on stdout; `--version` says what it is.
 *
 * One binary; argv[0]'s basename picks the test. Built with the host's mpicc by
 * `sparklab up` into the lab's directory and copied to ~/nccl-tests/build/ in each node.
 */
#define _GNU_SOURCE
#include <mpi.h>

#include <arpa/inet.h>
#include <dirent.h>
#include <dlfcn.h>
#include <getopt.h>
#include <ifaddrs.h>
#include <libgen.h>
#include <math.h>
#include <errno.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static const char STANDIN_NOTE[] =
    "sparklab stand-in for nccl-tests: no GB10, CUDA or NCCL on this emulated DGX Spark; "
    "MPI only bootstraps the ranks; the collective is NCCL's ring, moved by the stand-in's "
    "own TCP connections, one per CX-7 netdev behind NCCL_IB_HCA (real traffic on the lab's "
    "shaped cables), printed in nccl-tests' format.";

#define MAX_LINE 2048
#define MAX_HCAS 16
#define PRINT if (rank == 0) printf

static int rank = 0, nranks = 1;
static int is_reduce = 0;
static size_t min_bytes = 32 * 1024 * 1024, max_bytes = 32 * 1024 * 1024;
static size_t step_bytes = 1 * 1024 * 1024, step_factor = 1;
static int iters = 20, warmup_iters = 5, agg_iters = 1, datacheck = 1, run_cycles = 1;
static int nthreads = 1, ngpus = 1, graph_launches = 0, blocking = 0, parallel_init = 0;
static int average = 3; /* max over ranks */

/* ------------------------------------------------------------------ NCCL's view */

struct hca {
    char name[64];
    char netdev[IF_NAMESIZE + 1];
};

static char host[1024];
static char info_prefix[1200];

static void host_name(void)
{
    gethostname(host, sizeof host);
    host[sizeof host - 1] = 0;
    char *dot = strchr(host, '.');
    if (dot) *dot = 0;
}

static int read_line(const char *path, char *out, size_t len)
{
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    int ok = fgets(out, (int)len, f) != NULL;
    fclose(f);
    if (ok) out[strcspn(out, "\n")] = 0;
    return ok;
}

/* The netdev's IPv4 address when it is up and has one. */
static int ipv4_of(const char *ifname, char *addr, size_t len)
{
    struct ifaddrs *list, *it;
    int found = 0;
    if (getifaddrs(&list) != 0) return 0;
    for (it = list; it; it = it->ifa_next) {
        if (!it->ifa_addr || it->ifa_addr->sa_family != AF_INET) continue;
        if (strcmp(it->ifa_name, ifname) != 0 || !(it->ifa_flags & IFF_UP)) continue;
        inet_ntop(AF_INET, &((struct sockaddr_in *)it->ifa_addr)->sin_addr, addr, (socklen_t)len);
        found = 1;
        break;
    }
    freeifaddrs(list);
    return found;
}

/* NCCL_SOCKET_IFNAME's interface, else the first up IPv4 one that is not lo/docker. */
static int oob_interface(char *ifname, size_t ifl, char *addr, size_t al)
{
    const char *want = getenv("NCCL_SOCKET_IFNAME");
    struct ifaddrs *list, *it;
    int found = 0;
    if (want && (*want == '=' || *want == '^')) want = (*want == '=') ? want + 1 : NULL;
    if (getifaddrs(&list) != 0) return 0;
    for (it = list; it && !found; it = it->ifa_next) {
        if (!it->ifa_addr || it->ifa_addr->sa_family != AF_INET || !(it->ifa_flags & IFF_UP)) continue;
        if (want && *want) {
            if (strncmp(it->ifa_name, want, strcspn(want, ",")) != 0) continue;
        } else if (strcmp(it->ifa_name, "lo") == 0 || strncmp(it->ifa_name, "docker", 6) == 0) {
            continue;
        }
        snprintf(ifname, ifl, "%s", it->ifa_name);
        inet_ntop(AF_INET, &((struct sockaddr_in *)it->ifa_addr)->sin_addr, addr, (socklen_t)al);
        found = 1;
    }
    freeifaddrs(list);
    return found;
}

/* NCCL_IB_HCA as NCCL reads it: "^" excludes, "=" matches exactly, otherwise each
 * entry is a prefix; ":port" suffixes are accepted (each CX-7 HCA has port 1). */
static int hca_selected(const char *spec, const char *name)
{
    if (!spec || !*spec) return 1;
    int exclude = 0, exact = 0;
    if (*spec == '^') { exclude = 1; spec++; }
    if (*spec == '=') { exact = 1; spec++; }
    int match = 0;
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        tok[strcspn(tok, ":")] = 0;
        if (exact ? strcmp(tok, name) == 0 : strncmp(tok, name, strlen(tok)) == 0) match = 1;
    }
    return exclude ? !match : match;
}

/* Where an HCA comes in NCCL_IB_HCA's list (its order is the order NCCL reports). */
static int hca_rank(const char *name)
{
    const char *spec = getenv("NCCL_IB_HCA");
    char buf[1024];
    int pos = 0;
    if (!spec || *spec == '^') return 0;
    snprintf(buf, sizeof buf, "%s", *spec == '=' ? spec + 1 : spec);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save), pos++) {
        tok[strcspn(tok, ":")] = 0;
        if (strncmp(tok, name, strlen(tok)) == 0) return pos;
    }
    return pos;
}

static int cmp_str(const void *a, const void *b)
{
    const char *x = *(char *const *)a, *y = *(char *const *)b;
    int rx = hca_rank(x), ry = hca_rank(y);
    return rx != ry ? rx - ry : strcmp(x, y);
}

/* HCAs NCCL would use: named in NCCL_IB_HCA (or all), port ACTIVE, netdev up with IPv4. */
static int usable_hcas(struct hca *out)
{
    const char *spec = getenv("NCCL_IB_HCA");
    DIR *dir = opendir("/sys/class/infiniband");
    char *names[64];
    int n = 0, count = 0;
    if (!dir) return 0;
    for (struct dirent *e; (e = readdir(dir)) && n < 64;)
        if (e->d_name[0] != '.') names[n++] = strdup(e->d_name);
    closedir(dir);
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    for (int i = 0; i < n; i++) {
        char path[512], state[64] = "", netdev[64] = "", addr[64];
        if (count < MAX_HCAS && hca_selected(spec, names[i])) {
            snprintf(path, sizeof path, "/sys/class/infiniband/%s/ports/1/state", names[i]);
            read_line(path, state, sizeof state);
            for (int g = 0; g < 16 && !netdev[0]; g++) {
                snprintf(path, sizeof path, "/sys/class/infiniband/%s/ports/1/gid_attrs/ndevs/%d",
                         names[i], g);
                read_line(path, netdev, sizeof netdev);
            }
            if (strstr(state, "ACTIVE") && netdev[0] && strlen(netdev) <= IF_NAMESIZE
                && ipv4_of(netdev, addr, sizeof addr)) {
                snprintf(out[count].name, sizeof out[count].name, "%s", names[i]);
                snprintf(out[count].netdev, sizeof out[count].netdev, "%s", netdev);
                count++;
            }
        }
        free(names[i]);
    }
    return count;
}

/* Before MPI_Init. MPI is the bootstrap only (ranks, addresses, barriers, the timing
 * reduction), as mpirun or NCCL's own bootstrap is for NCCL: its few bytes go over the
 * interface the user gave Open MPI (OMPI_MCA_btl_tcp_if_include, e.g. the management
 * port), else NCCL_SOCKET_IFNAME, else anything but lo, docker and the CX-7 twins. The
 * collective's bytes go over the stand-in's own transport (below). Returns 1 when an HCA
 * is usable (NCCL's "Using network IB"). */
static int choose_network(struct hca *hcas, int *nhcas)
{
    *nhcas = usable_hcas(hcas);
    setenv("OMPI_MCA_btl", "tcp,self", 1);
    setenv("OMPI_MCA_pml", "ob1", 1);
    setenv("OMPI_MCA_mpi_yield_when_idle", "1", 1);
    const char *include = getenv("OMPI_MCA_btl_tcp_if_include");
    const char *sock = getenv("NCCL_SOCKET_IFNAME");
    if (include && *include) {
        unsetenv("OMPI_MCA_btl_tcp_if_exclude");
    } else if (sock && *sock && *sock != '^') {
        unsetenv("OMPI_MCA_btl_tcp_if_exclude");
        setenv("OMPI_MCA_btl_tcp_if_include", *sock == '=' ? sock + 1 : sock, 1);
    } else {
        char list[1024] = "lo,docker0";
        for (int i = 0; i < *nhcas; i++) {
            strcat(list, ",");
            strcat(list, hcas[i].netdev);
        }
        setenv("OMPI_MCA_btl_tcp_if_exclude", list, 1);
    }
    return *nhcas > 0;
}

/* ------------------------------------------------------------------ the transport
 *
 * NCCL moves a collective's bytes itself, one connection per HCA towards the next rank
 * of its ring, never through MPI. The stand-in does the same over TCP: for each usable
 * local netdev, one connection to the next rank's netdev on the same IPv4 subnet
 * (NCCL_IB_SUBNET_AWARE_ROUTING: on a direct cable or a switch each twin is its own
 * subnet, in a ring of three each cable's twins are), the client bound to the local
 * netdev's address so the bytes cross that twin. Each ring step's chunk is split in
 * equal shares over those connections, each driven by its own thread for sending (to
 * the next rank) and receiving (from the previous one), so every twin runs at once.
 * No twin pair towards the next rank: one connection over NCCL_SOCKET_IFNAME's address
 * (NCCL's socket transport). */

struct endpoint {
    char netdev[IF_NAMESIZE + 1];
    uint32_t addr, mask; /* network order */
};

struct peer_info {
    int port, nep;
    uint32_t sock_addr;
    struct endpoint ep[MAX_HCAS];
};

struct link {
    uint32_t local, remote;
};

static struct peer_info *peers;
static int nsend = 0, nrecv = 0;
static int send_fd[MAX_HCAS], recv_fd[MAX_HCAS];

static int endpoint_of(const char *ifname, struct endpoint *ep)
{
    struct ifaddrs *list, *it;
    int found = 0;
    if (getifaddrs(&list) != 0) return 0;
    for (it = list; it && !found; it = it->ifa_next) {
        if (!it->ifa_addr || it->ifa_addr->sa_family != AF_INET || !it->ifa_netmask) continue;
        if (strcmp(it->ifa_name, ifname) != 0 || !(it->ifa_flags & IFF_UP)) continue;
        snprintf(ep->netdev, sizeof ep->netdev, "%s", ifname);
        ep->addr = ((struct sockaddr_in *)it->ifa_addr)->sin_addr.s_addr;
        ep->mask = ((struct sockaddr_in *)it->ifa_netmask)->sin_addr.s_addr;
        found = 1;
    }
    freeifaddrs(list);
    return found;
}

/* The connections rank `from` opens to rank `to`: one per local netdev with a peer
 * netdev on the same subnet; none: one over the socket interfaces. Both ends compute it. */
static int links_between(int from, int to, struct link *out)
{
    const struct peer_info *a = &peers[from], *b = &peers[to];
    int n = 0, used[MAX_HCAS] = {0};
    for (int i = 0; i < a->nep; i++)
        for (int j = 0; j < b->nep; j++) {
            if (used[j] || a->ep[i].mask != b->ep[j].mask
                || (a->ep[i].addr & a->ep[i].mask) != (b->ep[j].addr & b->ep[j].mask))
                continue;
            out[n].local = a->ep[i].addr;
            out[n].remote = b->ep[j].addr;
            used[j] = 1;
            n++;
            break;
        }
    if (n == 0) {
        out[0].local = a->sock_addr;
        out[0].remote = b->sock_addr;
        n = 1;
    }
    return n;
}

static void die(const char *what)
{
    fprintf(stderr, "%s: rank %d: %s: %s\n", host, rank, what, strerror(errno));
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}

static void tune(int fd)
{
    /* 1 MiB (the kernel doubles it): measured at least as fast as 4 or 16 MiB on a
     * direct2 lab, and less queued behind each twin's tbf */
    int buf = 1024 * 1024, one = 1;
    setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &buf, sizeof buf);
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buf, sizeof buf);
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

static void send_all(int fd, const void *data, size_t len)
{
    const char *p = data;
    while (len) {
        ssize_t n = send(fd, p, len, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) die("send to the next rank");
        p += n;
        len -= (size_t)n;
    }
}

static void recv_all(int fd, void *data, size_t len)
{
    char *p = data;
    while (len) {
        ssize_t n = recv(fd, p, len, MSG_WAITALL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) die("receive from the previous rank");
        p += n;
        len -= (size_t)n;
    }
}

static void transport_setup(struct hca *hcas, int nhcas)
{
    struct peer_info me;
    memset(&me, 0, sizeof me);
    for (int i = 0; i < nhcas; i++)
        if (endpoint_of(hcas[i].netdev, &me.ep[me.nep])) me.nep++;
    char oif[64] = "", oaddr[64] = "";
    if (oob_interface(oif, sizeof oif, oaddr, sizeof oaddr)) inet_pton(AF_INET, oaddr, &me.sock_addr);

    int lfd = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    tune(lfd);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_ANY)};
    socklen_t sl = sizeof sa;
    if (bind(lfd, (struct sockaddr *)&sa, sizeof sa) != 0 || listen(lfd, 64) != 0
        || getsockname(lfd, (struct sockaddr *)&sa, &sl) != 0)
        die("listen");
    me.port = ntohs(sa.sin_port);

    peers = calloc((size_t)nranks, sizeof *peers);
    MPI_Allgather(&me, sizeof me, MPI_BYTE, peers, sizeof me, MPI_BYTE, MPI_COMM_WORLD);
    if (nranks < 2) {
        close(lfd);
        return;
    }
    int next = (rank + 1) % nranks, prev = (rank + nranks - 1) % nranks;
    struct link links[MAX_HCAS];
    nsend = links_between(rank, next, links);
    for (int c = 0; c < nsend; c++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        tune(fd);
        struct sockaddr_in local = {.sin_family = AF_INET, .sin_addr.s_addr = links[c].local};
        struct sockaddr_in remote = {.sin_family = AF_INET, .sin_addr.s_addr = links[c].remote,
                                     .sin_port = htons((uint16_t)peers[next].port)};
        if (bind(fd, (struct sockaddr *)&local, sizeof local) != 0) die("bind to the netdev's address");
        if (connect(fd, (struct sockaddr *)&remote, sizeof remote) != 0) die("connect to the next rank");
        int hello[2] = {rank, c};
        send_all(fd, hello, sizeof hello);
        send_fd[c] = fd;
    }
    nrecv = links_between(prev, rank, links);
    for (int got = 0; got < nrecv;) {
        int fd = accept(lfd, NULL, NULL);
        if (fd < 0) {
            if (errno == EINTR) continue;
            die("accept from the previous rank");
        }
        tune(fd);
        int hello[2];
        recv_all(fd, hello, sizeof hello);
        if (hello[0] != prev || hello[1] < 0 || hello[1] >= nrecv) die("unexpected connection");
        recv_fd[hello[1]] = fd;
        got++;
    }
    close(lfd);
    MPI_Barrier(MPI_COMM_WORLD);
}

struct job {
    int fd;
    char *data;
    size_t len;
    float *sum_into;       /* reduce-scatter: sum_into = sum_base + what arrived in data */
    const float *sum_base;
};

#define SLICE (256 * 1024) /* received and summed piece by piece, as NCCL's slices */

static void *send_job(void *arg)
{
    struct job *j = arg;
    send_all(j->fd, j->data, j->len);
    return NULL;
}

static void *recv_job(void *arg)
{
    struct job *j = arg;
    if (!j->sum_into) {
        recv_all(j->fd, j->data, j->len);
        return NULL;
    }
    for (size_t off = 0; off < j->len; off += SLICE) {
        size_t len = j->len - off < SLICE ? j->len - off : SLICE;
        recv_all(j->fd, j->data + off, len);
        const float *in = (const float *)(j->data + off);
        const float *base = j->sum_base + off / sizeof(float);
        float *out = j->sum_into + off / sizeof(float);
        for (size_t i = 0; i < len / sizeof(float); i++) out[i] = base[i] + in[i];
    }
    return NULL;
}

/* One ring step: `scount` floats from `src` to the next rank, `rcount` floats from the
 * previous one into `dst` (or `sum` = `base` + them, when given), each split over the
 * connections; `local` (when given) runs in the calling thread meanwhile. */
static void ring_step(const float *src, size_t scount, float *dst, size_t rcount, float *sum,
                      const float *base, void (*local)(void *), void *arg)
{
    pthread_t th[2 * MAX_HCAS];
    struct job jobs[2 * MAX_HCAS];
    int nth = 0;
    for (int c = 0; c < nsend; c++) {
        size_t lo = scount * (size_t)c / (size_t)nsend, hi = scount * (size_t)(c + 1) / (size_t)nsend;
        jobs[nth] = (struct job){send_fd[c], (char *)(src + lo), (hi - lo) * sizeof(float), NULL,
                                 NULL};
        if (pthread_create(&th[nth], NULL, send_job, &jobs[nth]) != 0) die("pthread_create");
        nth++;
    }
    for (int c = 0; c < nrecv; c++) {
        size_t lo = rcount * (size_t)c / (size_t)nrecv, hi = rcount * (size_t)(c + 1) / (size_t)nrecv;
        jobs[nth] = (struct job){recv_fd[c], (char *)(dst + lo), (hi - lo) * sizeof(float),
                                 sum ? sum + lo : NULL, sum ? base + lo : NULL};
        if (pthread_create(&th[nth], NULL, recv_job, &jobs[nth]) != 0) die("pthread_create");
        nth++;
    }
    if (local) local(arg);
    for (int i = 0; i < nth; i++) pthread_join(th[i], NULL);
}

/* The NCCL library the node has (LD_LIBRARY_PATH, else the playbook's ~/nccl/build/lib). */
static int nccl_version_code(void)
{
    void *lib = dlopen("libnccl.so.2", RTLD_NOW);
    if (!lib) {
        char path[1024];
        const char *home = getenv("HOME");
        snprintf(path, sizeof path, "%s/nccl/build/lib/libnccl.so.2", home ? home : "");
        lib = dlopen(path, RTLD_NOW);
    }
    if (!lib) return -1;
    int (*get)(int *) = (int (*)(int *))dlsym(lib, "ncclGetVersion");
    int version = -1;
    if (!get || get(&version) != 0) version = -1;
    return version;
}

static void print_info(int ib, struct hca *hcas, int nhcas, int version)
{
    const char *debug = getenv("NCCL_DEBUG");
    char oif[64] = "", oaddr[64] = "";
    if (rank != 0 || !debug || (strcasecmp(debug, "INFO") != 0 && strcasecmp(debug, "TRACE") != 0))
        return;
    oob_interface(oif, sizeof oif, oaddr, sizeof oaddr);
    snprintf(info_prefix, sizeof info_prefix, "%s:%d:%d [0] NCCL INFO", host, (int)getpid(),
             (int)getpid());
    printf("%s Bootstrap: Using %s:%s<0>\n", info_prefix, oif, oaddr);
    printf("%s cudaDriverVersion 13000\n", info_prefix);
    printf("%s NCCL version %d.%d.%d+cuda13.0\n", info_prefix, version / 10000,
           (version % 10000) / 100, version % 100);
    if (ib) {
        printf("%s NET/IB : Using", info_prefix);
        for (int i = 0; i < nhcas; i++) printf(" [%d]%s:1/RoCE", i, hcas[i].name);
        printf(" [RO]; OOB %s:%s<0>\n", oif, oaddr);
        printf("%s Using network IB\n", info_prefix);
    } else {
        printf("%s NET/IB : No device found.\n", info_prefix);
        printf("%s NET/Socket : Using [0]%s:%s<0>\n", info_prefix, oif, oaddr);
        printf("%s Using network Socket\n", info_prefix);
    }
}

/* ------------------------------------------------------------------ the test */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static float value(int r, size_t i)
{
    return (float)((r * 131 + (long)(i % 100003) * 7) % 997);
}

struct sizes {
    size_t count;      /* elements per rank (all_gather) or in all (all_reduce) */
    size_t row_bytes;  /* the size column */
};

static struct sizes sizes_for(size_t bytes)
{
    struct sizes s;
    size_t count = bytes / sizeof(float);
    if (is_reduce) {
        s.count = count;
        s.row_bytes = count * sizeof(float);
    } else {
        s.count = count / (size_t)nranks;
        s.row_bytes = s.count * (size_t)nranks * sizeof(float);
    }
    return s;
}

static float *sendbuf, *recvbuf, *scratch;

/* Chunk c of an all_reduce of `count` floats split over the ranks. */
static size_t chunk_lo(size_t count, int c)
{
    return count * (size_t)c / (size_t)nranks;
}

static size_t chunk_len(size_t count, int c)
{
    return chunk_lo(count, c + 1) - chunk_lo(count, c);
}

/* Out of place, the local copy of sendbuf into recvbuf runs while the first step's
 * bytes are on the wire (the first step sends from sendbuf itself). */
struct local_copy {
    size_t count, skip_lo, skip_len; /* all_reduce: the chunk the first step writes */
    int whole;
};

static void copy_local(void *arg)
{
    struct local_copy *c = arg;
    if (c->whole) {
        memcpy(recvbuf + (size_t)rank * c->count, sendbuf, c->count * sizeof(float));
        return;
    }
    memcpy(recvbuf, sendbuf, c->skip_lo * sizeof(float));
    size_t end = c->skip_lo + c->skip_len;
    memcpy(recvbuf + end, sendbuf + end, (c->count - end) * sizeof(float));
}

/* NCCL's ring algorithms. all_gather: n-1 steps, each forwarding one rank's block to
 * the next rank. all_reduce: ring reduce-scatter (n-1 steps, the received chunk summed
 * into the local one), then ring all-gather of the reduced chunks (n-1 steps). */
static void collective(size_t count, int in_place)
{
    int n = nranks;
    if (n == 1) {
        if (!in_place) memcpy(recvbuf, sendbuf, count * sizeof(float));
        return;
    }
    if (is_reduce) {
        for (int s = 0; s < n - 1; s++) {
            int sc = ((rank - s) % n + n) % n, rc = ((rank - s - 1) % n + n) % n;
            const float *src = (s == 0 && !in_place ? sendbuf : recvbuf) + chunk_lo(count, sc);
            const float *base = (s == 0 && !in_place ? sendbuf : recvbuf) + chunk_lo(count, rc);
            struct local_copy copy = {count, chunk_lo(count, rc), chunk_len(count, rc), 0};
            ring_step(src, chunk_len(count, sc), scratch, chunk_len(count, rc),
                      recvbuf + chunk_lo(count, rc), base,
                      s == 0 && !in_place ? copy_local : NULL, &copy);
        }
        for (int s = 0; s < n - 1; s++) {
            int sc = ((rank + 1 - s) % n + n) % n, rc = ((rank - s) % n + n) % n;
            ring_step(recvbuf + chunk_lo(count, sc), chunk_len(count, sc),
                      recvbuf + chunk_lo(count, rc), chunk_len(count, rc), NULL, NULL, NULL, NULL);
        }
    } else {
        for (int s = 0; s < n - 1; s++) {
            int sb = ((rank - s) % n + n) % n, rb = ((rank - s - 1) % n + n) % n;
            const float *src = s == 0 && !in_place ? sendbuf : recvbuf + (size_t)sb * count;
            struct local_copy copy = {count, 0, 0, 1};
            ring_step(src, count, recvbuf + (size_t)rb * count, count, NULL, NULL,
                      s == 0 && !in_place ? copy_local : NULL, &copy);
        }
    }
}

static void init_data(size_t count, int in_place)
{
    float *mine = sendbuf;
    size_t total = is_reduce ? count : count * (size_t)nranks;
    for (size_t i = 0; i < total; i++) recvbuf[i] = -1.0f;
    if (in_place) mine = is_reduce ? recvbuf : recvbuf + (size_t)rank * count;
    for (size_t i = 0; i < count; i++) mine[i] = value(rank, is_reduce ? i : (size_t)rank * count + i);
}

static long long check_data(size_t count)
{
    long long wrong = 0;
    if (is_reduce) {
        for (size_t i = 0; i < count; i++) {
            float sum = 0;
            for (int r = 0; r < nranks; r++) sum += value(r, i);
            if (recvbuf[i] != sum) wrong++;
        }
    } else {
        for (int r = 0; r < nranks; r++)
            for (size_t i = 0; i < count; i++)
                if (recvbuf[(size_t)r * count + i] != value(r, (size_t)r * count + i)) wrong++;
    }
    return wrong;
}

static void time_string(double us, char *out)
{
    if (us >= 10000.0) sprintf(out, "%7.0f", us);
    else if (us >= 100.0) sprintf(out, "%7.1f", us);
    else sprintf(out, "%7.2f", us);
}

static double bw_sum = 0;
static int bw_count = 0, errors = 0;

static void bench(struct sizes s, int in_place)
{
    MPI_Barrier(MPI_COMM_WORLD);
    double start = now();
    for (int i = 0; i < iters * agg_iters; i++) collective(s.count, in_place);
    double delta = (now() - start) / (iters * agg_iters);
    double all;
    MPI_Op op = average == 2 ? MPI_MIN : average == 1 ? MPI_SUM : MPI_MAX;
    MPI_Allreduce(&delta, &all, 1, MPI_DOUBLE, op, MPI_COMM_WORLD);
    if (average == 1) all /= nranks;
    if (average == 0) {
        MPI_Bcast(&delta, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        all = delta;
    }

    double algbw = (double)s.row_bytes / 1.0e9 / all;
    double factor = is_reduce ? 2.0 * (nranks - 1) / nranks : (double)(nranks - 1) / nranks;
    double busbw = algbw * factor;

    long long wrong = 0;
    for (int c = 0; c < datacheck; c++) {
        init_data(s.count, in_place);
        collective(s.count, in_place);
        long long mine = check_data(s.count), sum = 0;
        MPI_Allreduce(&mine, &sum, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
        wrong = sum;
        if (wrong) break;
    }
    if (datacheck && wrong) errors++;

    char ts[100];
    time_string(all * 1.0e6, ts);
    if (datacheck) {
        PRINT("  %7s  %6.2f  %6.2f  %5g", ts, algbw, busbw, (double)wrong);
    } else {
        PRINT("  %7s  %6.2f  %6.2f  %5s", ts, algbw, busbw, "N/A");
    }
    bw_sum += busbw;
    bw_count++;
}

static double parse_size(const char *text)
{
    double size;
    char unit = 0;
    int n = sscanf(text, "%lf %1c", &size, &unit);
    if (n == 2) {
        switch (unit) {
        case 'G': case 'g': return size * 1024 * 1024 * 1024;
        case 'M': case 'm': return size * 1024 * 1024;
        case 'K': case 'k': return size * 1024;
        default: return -1;
        }
    }
    return n == 1 ? size : -1;
}

static void usage(const char *prog)
{
    printf("USAGE: %s \n\t"
           "[-t,--nthreads <num threads>] \n\t"
           "[-g,--ngpus <gpus per thread>] \n\t"
           "[-b,--minbytes <min size in bytes>] \n\t"
           "[-e,--maxbytes <max size in bytes>] \n\t"
           "[-i,--stepbytes <increment size>] \n\t"
           "[-f,--stepfactor <increment factor>] \n\t"
           "[-n,--iters <iteration count>] \n\t"
           "[-m,--agg_iters <aggregated iteration count>] \n\t"
           "[-w,--warmup_iters <warmup iteration count>] \n\t"
           "[-N,--run_cycles <cycle count> run & print each cycle (default: 1; 0=infinite)] \n\t"
           "[-p,--parallel_init <0/1>] \n\t"
           "[-c,--check <check iteration count>] \n\t"
           "[-o,--op <sum/prod/min/max/avg/mulsum/all>] \n\t"
           "[-d,--datatype <nccltype/all>] \n\t"
           "[-r,--root <root>] \n\t"
           "[-z,--blocking <0/1>] \n\t"
           "[-y,--stream_null <0/1>] \n\t"
           "[-T,--timeout <time in seconds>] \n\t"
           "[-G,--cudagraph <num graph launches>] \n\t"
           "[-C,--report_cputime <0/1>] \n\t"
           "[-a,--average <0/1/2/3> report average iteration time <0=RANK0/1=AVG/2=MIN/3=MAX>] \n\t"
           "[-R,--local_register <1/0> enable local buffer registration on send/recv buffers (default: disable)] \n\t"
           "[-h,--help]\n"
           "%s\n", prog, STANDIN_NOTE);
}

static int parse_args(int argc, char **argv, const char *prog)
{
    static struct option longopts[] = {
        {"nthreads", required_argument, 0, 't'}, {"ngpus", required_argument, 0, 'g'},
        {"minbytes", required_argument, 0, 'b'}, {"maxbytes", required_argument, 0, 'e'},
        {"stepbytes", required_argument, 0, 'i'}, {"stepfactor", required_argument, 0, 'f'},
        {"iters", required_argument, 0, 'n'}, {"agg_iters", required_argument, 0, 'm'},
        {"warmup_iters", required_argument, 0, 'w'}, {"run_cycles", required_argument, 0, 'N'},
        {"parallel_init", required_argument, 0, 'p'}, {"check", required_argument, 0, 'c'},
        {"op", required_argument, 0, 'o'}, {"datatype", required_argument, 0, 'd'},
        {"root", required_argument, 0, 'r'}, {"blocking", required_argument, 0, 'z'},
        {"stream_null", required_argument, 0, 'y'}, {"timeout", required_argument, 0, 'T'},
        {"cudagraph", required_argument, 0, 'G'}, {"report_cputime", required_argument, 0, 'C'},
        {"average", required_argument, 0, 'a'}, {"local_register", required_argument, 0, 'R'},
        {"help", no_argument, 0, 'h'}, {"version", no_argument, 0, 'V'}, {0, 0, 0, 0}};
    double parsed;
    int c, index;
    while ((c = getopt_long(argc, argv, "t:g:b:e:i:f:n:m:w:N:p:c:o:d:r:z:y:T:hG:C:a:R:", longopts,
                            &index)) != -1) {
        switch (c) {
        case 't': nthreads = (int)strtol(optarg, NULL, 0); break;
        case 'g': ngpus = (int)strtol(optarg, NULL, 0); break;
        case 'b': case 'e': case 'i':
            parsed = parse_size(optarg);
            if (parsed < 0) {
                fprintf(stderr, "invalid size specified for '%s'\n",
                        c == 'b' ? "minbytes" : c == 'e' ? "maxbytes" : "stepbytes");
                return 1;
            }
            if (c == 'b') min_bytes = (size_t)parsed;
            else if (c == 'e') max_bytes = (size_t)parsed;
            else step_bytes = (size_t)parsed;
            break;
        case 'f': step_factor = (size_t)strtol(optarg, NULL, 0); break;
        case 'n': iters = (int)strtol(optarg, NULL, 0); break;
        case 'm': agg_iters = (int)strtol(optarg, NULL, 0); break;
        case 'w': warmup_iters = (int)strtol(optarg, NULL, 0); break;
        case 'N': run_cycles = (int)strtol(optarg, NULL, 0); break;
        case 'p': parallel_init = (int)strtol(optarg, NULL, 0); break;
        case 'c': datacheck = (int)strtol(optarg, NULL, 0); break;
        case 'z': blocking = (int)strtol(optarg, NULL, 0); break;
        case 'G': graph_launches = (int)strtol(optarg, NULL, 0); break;
        case 'a': average = (int)strtol(optarg, NULL, 0); break;
        case 'o':
            if (is_reduce && strcmp(optarg, "sum") != 0) {
                fprintf(stderr, "%s: this stand-in reduces with sum only\n", prog);
                return 1;
            }
            break;
        case 'd':
            if (strcmp(optarg, "float") != 0 && strcmp(optarg, "f32") != 0) {
                fprintf(stderr, "%s: this stand-in moves float only\n", prog);
                return 1;
            }
            break;
        case 'r': case 'y': case 'T': case 'C': case 'R': break;
        case 'V': printf("%s\n", STANDIN_NOTE); return 2;
        case 'h': usage(prog); return 2;
        default: printf("invalid option '%c'\n", c); usage(prog); return 2;
        }
    }
    if (iters < 1) iters = 1;
    if (agg_iters < 1) agg_iters = 1;
    if (warmup_iters < 0) warmup_iters = 0;
    if (run_cycles < 1) run_cycles = 1;
    return 0;
}

int main(int argc, char **argv)
{
    char prog[256];
    snprintf(prog, sizeof prog, "%s", basename(argv[0]));
    if (strstr(prog, "all_reduce")) is_reduce = 1;
    else if (!strstr(prog, "all_gather")) {
        fprintf(stderr, "%s: run me as all_gather_perf or all_reduce_perf\n%s\n", prog, STANDIN_NOTE);
        return 2;
    }
    int parsed = parse_args(argc, argv, prog);
    if (parsed) return parsed == 2 ? 0 : 1;

    int version = nccl_version_code();
    if (version < 0) {
        fprintf(stderr, "%s: error while loading shared libraries: libnccl.so.2: cannot open "
                        "shared object file: No such file or directory\n", argv[0]);
        return 127;
    }
    struct hca hcas[MAX_HCAS];
    int nhcas = 0;
    int ib = choose_network(hcas, &nhcas);
    host_name();

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);

    PRINT("# nThread %d nGpus %d minBytes %zu maxBytes %zu step: %zu(%s) warmup iters: %d iters: %d "
          "agg iters: %d validation: %d graph: %d\n",
          nthreads, ngpus, min_bytes, max_bytes, step_factor > 1 ? step_factor : step_bytes,
          step_factor > 1 ? "factor" : "bytes", warmup_iters, iters, agg_iters, datacheck,
          graph_launches);
    if (blocking) PRINT("# Blocking Enabled: wait for completion and barrier after each collective \n");
    if (parallel_init) PRINT("# Parallel Init Enabled: threads call into NcclInitRank concurrently \n");
    PRINT("#\n");
    PRINT("# Using devices\n");

    /* A Spark has one GPU: more than one per process is an invalid device ordinal. */
    if (nthreads * ngpus != 1) {
        fflush(stdout);
        printf("%s: Test CUDA failure common.cu:954 'invalid device ordinal'\n", host);
        fflush(stdout);
        MPI_Finalize();
        return 1;
    }
    char line[MAX_LINE];
    snprintf(line, sizeof line, "#  Rank %2d Group %2d Pid %6d on %10s device %2d [0x%02x] %s\n",
             rank, 0, (int)getpid(), host, 0, 0x0f, "NVIDIA GB10");
    char *lines = rank == 0 ? malloc((size_t)nranks * MAX_LINE) : NULL;
    MPI_Gather(line, MAX_LINE, MPI_BYTE, lines, MAX_LINE, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < nranks; r++) printf("%s", lines + (size_t)r * MAX_LINE);
        free(lines);
    }

    /* nccl-tests caps maxBytes by the GPU's memory; the stand-in by what a PC can spare. */
    const char *cap_env = getenv("SPARKLAB_NCCL_MAX_BYTES");
    size_t cap = cap_env ? (size_t)parse_size(cap_env) : (size_t)256 * 1024 * 1024;
    if (max_bytes > cap) {
        max_bytes = cap;
        PRINT("#\n# Reducing maxBytes to %zu due to memory limitation\n", max_bytes);
    }
    print_info(ib, hcas, nhcas, version);
    fflush(stdout);

    size_t elems = max_bytes / sizeof(float) + (size_t)nranks;
    sendbuf = malloc(elems * sizeof(float));
    recvbuf = malloc(elems * sizeof(float));
    if (!sendbuf || !recvbuf) {
        fprintf(stderr, "%s: out of memory for %zu bytes\n", host, max_bytes);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    scratch = malloc((elems / (size_t)nranks + 1) * sizeof(float));
    if (!scratch) MPI_Abort(MPI_COMM_WORLD, 1);
    memset(sendbuf, 0, elems * sizeof(float));
    memset(recvbuf, 0, elems * sizeof(float));
    transport_setup(hcas, nhcas);

    PRINT("#\n");
    PRINT("# %10s  %12s  %8s  %6s  %6s           out-of-place                       in-place          \n",
          "", "", "", "", "");
    PRINT("# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s %6s  %7s  %6s  %6s %6s\n", "size", "count",
          "type", "redop", "root", "time", "algbw", "busbw", "#wrong", "time", "algbw", "busbw",
          "#wrong");
    PRINT("# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %5s  %7s  %6s  %6s  %5s\n", "(B)", "(elements)",
          "", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(GB/s)", "(GB/s)", "");
    fflush(stdout);

    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < warmup_iters; i++) collective(sizes_for(max_bytes).count, 0);
    for (int i = 0; i < warmup_iters; i++) collective(sizes_for(min_bytes).count, 0);

    for (int cycle = 0; cycle < run_cycles; cycle++) {
        for (size_t size = min_bytes; size <= max_bytes;
             size = step_factor > 1 ? size * step_factor : size + step_bytes) {
            struct sizes s = sizes_for(size);
            PRINT("%12zu  %12zu  %8s  %6s  %6s", s.row_bytes, s.count, "float",
                  is_reduce ? "sum" : "none", "    -1");
            bench(s, 0);
            bench(s, 1);
            PRINT("\n");
            fflush(stdout);
            if (step_factor <= 1 && step_bytes == 0) break;
        }
    }

    double avg = bw_count ? bw_sum / bw_count : NAN;
    int all_errors = 0;
    MPI_Allreduce(&errors, &all_errors, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    const char *min_bw = getenv("NCCL_TESTS_MIN_BW");
    double check_avg_bw = min_bw ? atof(min_bw) : -1;
    PRINT("# Out of bounds values : %d %s\n", all_errors, all_errors ? "FAILED" : "OK");
    PRINT("# Avg bus bandwidth    : %g %s\n", avg,
          check_avg_bw == -1 ? "" : (avg < check_avg_bw * 0.9 ? "FAILED" : "OK"));
    PRINT("#\n");
    MPI_Finalize();
    PRINT("\n");
    fflush(stdout);
    free(sendbuf);
    free(recvbuf);
    free(scratch);
    return (all_errors || avg < check_avg_bw * 0.9) ? EXIT_FAILURE : EXIT_SUCCESS;
}
