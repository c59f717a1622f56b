// SPDX-License-Identifier: MIT
#include "core/facts/probescript.h"

#include "core/common/sudocredential.h"
#include "core/hardware/cx7.h"

namespace spark {

namespace {

// The part that needs root: netplan files are mode 600, and so are
// NetworkManager's keyfiles (read only where nmcli is missing). Secret lines
// (Wi-Fi passwords, PSKs, private keys) never leave the node.
const char *const rootPart = R"SH(export LC_ALL=C
nosecrets() { grep -v -i -E 'password|psk|secret|private|passphrase' "$1"; }
for f in /etc/netplan/*.yaml /etc/netplan/*.yml; do
  [ -f "$f" ] || continue
  printf '@@spark-probe:file %s\n' "$f"
  nosecrets "$f"
  printf '\n'
done
if ! command -v nmcli >/dev/null 2>&1; then
  for f in /etc/NetworkManager/system-connections/* /run/NetworkManager/system-connections/*; do
    [ -f "$f" ] || continue
    grep -q -E '@CX7_PATTERN@' "$f" || continue
    printf '@@spark-probe:file %s\n' "$f"
    nosecrets "$f"
    printf '\n'
  done
fi
exit 0
)SH";

const char *const mainPart = R"SH(export LC_ALL=C
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:$PATH
sec() { printf '\n@@spark-probe:section %s\n' "$*"; }
end() { printf '\n@@spark-probe:exit %s\n' "$1"; }
run() { sec "$1"; shift; "$@" </dev/null 2>&1; end $?; }
limit() { if command -v timeout >/dev/null 2>&1; then timeout "$@"; else shift; "$@"; fi; }
ids() { id -un; id -u; id -g; id -Gn; }
ROOT=$(cat <<'SPARK_PROBE_ROOT'
@ROOT_PART@
SPARK_PROBE_ROOT
)
sec probe; echo "format @FORMAT@"; end 0
run sudo sudo -n true
sec root-files
if [ "$(id -u)" = 0 ]; then sh -c "$ROOT" 2>&1; else @SUDO@ sh -c "$ROOT" 2>&1; fi
end $?
exec </dev/null
run hostname uname -n
run dgx-release cat /etc/dgx-release
run os-release cat /etc/os-release
run kernel uname -r
[ @FULL@ = 1 ] && run nvidia-smi limit 20 nvidia-smi
run id ids
for i in @CX7_NETDEVS@; do
  sec sysfs "$i"
  d=/sys/class/net/$i
  if [ -e "$d" ]; then
    for f in address carrier speed mtu operstate phys_port_name; do
      v=$(cat "$d/$f" 2>/dev/null) && printf '%s=%s\n' "$f" "$v"
    done
    v=$(readlink "$d/device" 2>/dev/null) && printf 'device=%s\n' "${v##*/}"
    end 0
  else
    echo absent
    end 1
  fi
done
run ip-addr ip -j addr show
run ip-route ip -j route show table all
if [ @FULL@ = 1 ]; then
run ibdev2netdev limit 10 ibdev2netdev
for r in @CX7_RDMA@; do
  p=/sys/class/infiniband/$r
  [ -d "$p/ports/1" ] || continue
  sec rdma "$r"
  (cd "$p" && grep -H . fw_ver ports/1/state ports/1/phys_state ports/1/rate 2>/dev/null)
  end 0
  sec gids "$r"
  (cd "$p/ports/1" && { grep -H . gid_attrs/types/* gid_attrs/ndevs/* 2>/dev/null
    grep -H . gids/* 2>/dev/null | grep -v ':0000:0000:0000:0000:0000:0000:0000:0000$'; })
  end 0
done
for i in @CX7_NETDEVS@; do
  [ -e "/sys/class/net/$i" ] || continue
  run "ethtool $i" limit 10 ethtool "$i"
  run "ethtool-i $i" limit 10 ethtool -i "$i"
done
for a in @PCI_ADDRESSES@; do
  sec pcie "$a"
  d=/sys/bus/pci/devices/$a
  if [ -e "$d" ]; then
    (cd "$d" && grep -H . current_link_speed current_link_width max_link_speed max_link_width \
      aer_dev_correctable aer_dev_nonfatal aer_dev_fatal aer_rootport_total_err_cor \
      aer_rootport_total_err_nonfatal aer_rootport_total_err_fatal 2>/dev/null)
    end 0
  else
    echo absent
    end 1
  fi
done
sec kernel-log
if command -v journalctl >/dev/null 2>&1; then
  limit 10 journalctl -k -b --no-pager 2>&1 </dev/null |
    grep -E 'AER: |mlx5_pci_slot_reset|mlx5_pci_err_detected|insufficient permissions|No journal files' | tail -n 60
  end 0
else
  echo "journalctl: not found"
  end 127
fi
fi
run netplan-list ls -1 /etc/netplan
if command -v nmcli >/dev/null 2>&1; then
  run nm-devices limit 10 nmcli -t -f DEVICE,TYPE,STATE,CONNECTION device
  sec nmcli
  limit 10 nmcli -t -f UUID connection show 2>/dev/null | while IFS= read -r u; do
    limit 10 nmcli -t -f connection.id,connection.uuid,connection.type,connection.interface-name,ipv4.method,ipv4.addresses connection show "$u" </dev/null 2>/dev/null
    echo
  done
  end 0
fi
sec done; end 0
)SH";

QString joined(const QStringList &names, QLatin1String separator)
{
    return names.join(separator);
}

} // namespace

QString ProbeScript::build()
{
    return build(Options());
}

QString ProbeScript::build(const Options &options)
{
    QStringList patterns;
    for (const Cx7Function &function : cx7::functions)
        patterns.append(function.netdevName());

    QString root = QString::fromLatin1(rootPart);
    root.replace(QLatin1String("@CX7_PATTERN@"), joined(patterns, QLatin1String("|")));

    QString script = QString::fromLatin1(mainPart);
    script.replace(QLatin1String("@ROOT_PART@"), root.trimmed());
    script.replace(QLatin1String("@FORMAT@"), QString::number(formatVersion));
    script.replace(QLatin1String("@FULL@"), options.depth == Depth::Full ? QLatin1String("1") : QLatin1String("0"));
    script.replace(QLatin1String("@SUDO@"), SudoCredential::prefix(options.sudo == SudoMode::PasswordOnStdin));
    script.replace(QLatin1String("@CX7_NETDEVS@"), joined(cx7::netdevNames(), QLatin1String(" ")));
    script.replace(QLatin1String("@PCI_ADDRESSES@"), joined(cx7::pciAddresses(), QLatin1String(" ")));
    script.replace(QLatin1String("@CX7_RDMA@"), joined(cx7::rdmaDeviceNames(), QLatin1String(" ")));
    return script;
}

QList<ProbeSection> ProbeScript::sections(const QString &output)
{
    const QLatin1String section(sectionMarker);
    const QLatin1String exit(exitMarker);
    QList<ProbeSection> result;
    QStringList body;
    bool open = false;
    auto close = [&](int exitCode) {
        if (!open)
            return;
        // The marker printf starts with a newline: drop the blank line it may leave.
        if (!body.isEmpty() && body.last().isEmpty())
            body.removeLast();
        result.last().body = body.join(QLatin1Char('\n'));
        result.last().exitCode = exitCode;
        body.clear();
        open = false;
    };
    const QStringList lines = output.split(QLatin1Char('\n'));
    for (QString line : lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (line.startsWith(section)) {
            close(-1);
            const QString rest = line.mid(section.size()).trimmed();
            ProbeSection next;
            next.name = rest.section(QLatin1Char(' '), 0, 0);
            next.argument = rest.section(QLatin1Char(' '), 1).trimmed();
            result.append(next);
            open = true;
        } else if (line.startsWith(exit)) {
            bool ok = false;
            const int code = line.mid(exit.size()).trimmed().toInt(&ok);
            close(ok ? code : -1);
        } else if (open) {
            body.append(line);
        }
    }
    close(-1);
    return result;
}

QList<ProbeFile> ProbeScript::files(const QString &body)
{
    const QLatin1String marker(fileMarker);
    QList<ProbeFile> result;
    QStringList content;
    auto flush = [&] {
        if (result.isEmpty())
            return;
        while (!content.isEmpty() && content.last().isEmpty())
            content.removeLast();
        result.last().content = content.join(QLatin1Char('\n'));
        content.clear();
    };
    const QStringList lines = body.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (line.startsWith(marker)) {
            flush();
            result.append({line.mid(marker.size()).trimmed(), {}});
        } else if (!result.isEmpty()) {
            content.append(line);
        }
    }
    flush();
    return result;
}

} // namespace spark
