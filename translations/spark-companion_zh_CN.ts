<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>QCoreApplication</name>
    <message>
        <source>Offline: no answer; trying again</source>
        <translation>离线：无应答；正在重试</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Spark Companion: set up and watch NVIDIA DGX Spark clusters.</source>
        <translation>Spark 助手：配置并监控 NVIDIA DGX Spark 集群。</translation>
    </message>
    <message>
        <source>Quit after &lt;ms&gt; milliseconds (for tests).</source>
        <translation>在 &lt;ms&gt; 毫秒后退出（用于测试）。</translation>
    </message>
    <message>
        <source>Start in the tray without showing the window.</source>
        <translation>启动后只驻留在系统托盘，不显示窗口。</translation>
    </message>
    <message>
        <source>Open the link-health window of &lt;cluster&gt; at start.</source>
        <translation>启动时打开 &lt;cluster&gt; 的链路健康窗口。</translation>
    </message>
    <message>
        <source>Open the NCCL test window of &lt;cluster&gt; at start.</source>
        <translation>启动时打开 &lt;cluster&gt; 的 NCCL 测试窗口。</translation>
    </message>
    <message>
        <source>Open the link test window of &lt;cluster&gt; at start.</source>
        <translation>启动时打开 &lt;cluster&gt; 的链路测试窗口。</translation>
    </message>
</context>
<context>
    <name>spark::AddressPlan</name>
    <message>
        <source>%1 %2: %3 (MTU %4)</source>
        <translation>%1 %2：%3（MTU %4）</translation>
    </message>
</context>
<context>
    <name>spark::AddressPlanner</name>
    <message>
        <source>Each link subnet must fit inside the base range %1 and hold at least two addresses.</source>
        <translation>每个链路子网都必须位于基础地址范围 %1 之内，且至少能容纳两个地址。</translation>
    </message>
    <message>
        <source>A /%1 subnet is too small for %2 Sparks; choose a shorter prefix.</source>
        <translation>/%1 子网太小，容纳不下 %2 台 Spark；请选择更短的前缀。</translation>
    </message>
    <message>
        <source>The address range %1 has no free subnet left for the cluster; choose another base range.</source>
        <translation>地址范围 %1 中已没有可供该集群使用的空闲子网；请选择其他基础地址范围。</translation>
    </message>
</context>
<context>
    <name>spark::ApplyPlanner</name>
    <message>
        <source>The backup needs a time stamp like 20261202T160000Z.</source>
        <translation>备份需要类似 20261202T160000Z 格式的时间戳。</translation>
    </message>
    <message>
        <source>%1 on %2 also configures its ConnectX-7 ports and cannot be disabled safely; remove it by hand and check again.</source>
        <translation>%2 上的 %1 也配置了其 ConnectX-7 端口，无法安全停用；请手动删除该文件后重新检查。</translation>
    </message>
    <message>
        <source>Back up the network settings of %1.</source>
        <translation>备份 %1 的网络设置。</translation>
    </message>
    <message>
        <source>Put the new settings in place on %1.</source>
        <translation>在 %1 上安装新设置。</translation>
    </message>
    <message>
        <source>Disable %1 on %2 (it stays in the backup).</source>
        <translation>在 %2 上停用 %1（备份中仍保留该文件）。</translation>
    </message>
    <message>
        <source>Arm the automatic undo on %1 (%2 seconds).</source>
        <translation>在 %1 上启动自动撤销计时（%2 秒）。</translation>
    </message>
    <message>
        <source>Apply the settings on %1.</source>
        <translation>在 %1 上应用设置。</translation>
    </message>
    <message>
        <source>Check every link from %1 with full-size packets.</source>
        <translation>用满尺寸数据包检查从 %1 出发的每条链路。</translation>
    </message>
    <message>
        <source>Keep the new settings on %1 (stop the automatic undo).</source>
        <translation>在 %1 上保留新设置（停止自动撤销）。</translation>
    </message>
    <message>
        <source>The automatic undo must wait between 5 seconds and an hour.</source>
        <translation>自动撤销的等待时间必须在 5 秒到 1 小时之间。</translation>
    </message>
    <message>
        <source>Check that netplan accepts every network file of %1 with the new one.</source>
        <translation>检查 netplan 能否接受 %1 上的全部网络文件（包括新文件）。</translation>
    </message>
</context>
<context>
    <name>spark::Autostart</name>
    <message>
        <source>Could not remove %1, so Spark Companion still starts at login. Check the folder&apos;s permissions.</source>
        <translation>无法删除 %1，因此 Spark Companion 仍会在登录时启动。请检查该文件夹的权限。</translation>
    </message>
    <message>
        <source>Could not create %1 for starting at login. Check the folder&apos;s permissions.</source>
        <translation>无法创建用于登录时启动的 %1。请检查该文件夹的权限。</translation>
    </message>
    <message>
        <source>Could not write %1 for starting at login. Check the folder&apos;s permissions.</source>
        <translation>无法写入用于登录时启动的 %1。请检查该文件夹的权限。</translation>
    </message>
</context>
<context>
    <name>spark::BlobVerifier</name>
    <message>
        <source>%1 cannot be checked: its folder is not one of a Hugging Face cache.</source>
        <translation>无法检查 %1：它所在的文件夹不属于 Hugging Face 缓存。</translation>
    </message>
</context>
<context>
    <name>spark::CablingCheck</name>
    <message>
        <source>%1 sees several Sparks at once, as through a switch, but a 3-Spark ring was planned: cable each Spark directly to the next as the plan shows.</source>
        <translation>%1 同时能看到多台 Spark，像是通过交换机连接的，但规划的是三台 Spark 环形拓扑：请按规划将每台 Spark 直接连到下一台。</translation>
    </message>
    <message>
        <source>%1 sees several Sparks at once, as through a switch, but a direct cable was planned: cable the two Sparks directly, or plan a switch layout.</source>
        <translation>%1 同时能看到多台 Spark，像是通过交换机连接的，但规划的是直连：请将两台 Spark 直接相连，或改为规划交换机拓扑。</translation>
    </message>
    <message>
        <source>The cable from %1 reaches %2&apos;s %3; move that end to its %4.</source>
        <translation>从 %1 引出的线缆插在了 %2 的%3；请将这一端改插到其%4。</translation>
    </message>
    <message>
        <source>The cable between %1 and %2 is in the wrong ports; move it to %3 and %4.</source>
        <translation>%1 和 %2 之间的线缆插错了端口；请改插到 %3 和 %4。</translation>
    </message>
    <message>
        <source>%1 is cabled to %2, but belongs to %3: move the cable&apos;s other end there.</source>
        <translation>%1 连接到了 %2，但应连接到 %3：请将线缆的另一端改插到那里。</translation>
    </message>
    <message>
        <source>Cable %1 is missing: connect %2 to %3.</source>
        <translation>缺少线缆 %1：请将 %2 连接到 %3。</translation>
    </message>
    <message>
        <source>A cable joins %1 and %2 of the same Spark; remove it.</source>
        <translation>有一根线缆连接了同一台 Spark 的 %1 和 %2；请拔掉它。</translation>
    </message>
    <message>
        <source>The cable between %1 and %2 is not in the plan; remove it.</source>
        <translation>%1 和 %2 之间的线缆不在规划中；请拔掉它。</translation>
    </message>
    <message>
        <source>%1 and %2 are cabled directly, but the plan uses a switch: plug both into the switch.</source>
        <translation>%1 和 %2 是直连的，但规划中使用交换机：请将两者都连接到交换机。</translation>
    </message>
    <message>
        <source>%1 is plugged into the switch with its %2; move the cable to its %3, every Spark uses the same port.</source>
        <translation>%1 通过其%2连接到交换机；请将线缆改插到其%3，所有 Spark 都须使用相同的端口。</translation>
    </message>
    <message>
        <source>Cable %1 is missing: connect %2 to a free 200G port on the switch.</source>
        <translation>缺少线缆 %1：请将 %2 连接到交换机上一个空闲的 200G 端口。</translation>
    </message>
    <message>
        <source>Only one half of %1 is up (%2 is down), so the link runs at half speed: reboot the Spark with the cable plugged in.</source>
        <translation>%1 只有一半处于启用状态（%2 已断开），因此链路只能以一半速度运行：请在插好线缆的情况下重启这台 Spark。</translation>
    </message>
    <message>
        <source>%1 negotiated %2 Gb/s instead of 200 Gb/s: reseat the cable (pull tab up) and use one rated for 200G; on a switch, set that port to 200G with auto-negotiation off.</source>
        <translation>%1 协商速率为 %2 Gb/s，而不是 200 Gb/s：请重新插紧线缆（拉环朝上），并使用支持 200G 的线缆；如果连接交换机，请将该交换机端口设为 200G 并关闭自动协商。</translation>
    </message>
    <message>
        <source>The MTU differs across the link between %1 (%2) and %3 (%4): both ends need the same MTU; apply the cluster&apos;s network plan again to set it.</source>
        <translation>%1（%2）与 %3（%4）之间链路两端的 MTU 不一致：两端必须使用相同的 MTU；请重新应用集群的网络规划进行设置。</translation>
    </message>
    <message>
        <source>%1 has a link but no other Spark was seen through it, and it saw none (its addresses may still be starting up): wait a few seconds and check again; if it stays silent, check that its cable is in and that the switch port is enabled.</source>
        <translation>%1 的链路已连通，但通过它没有看到其他 Spark，它自己也没有看到任何节点（其地址可能仍在启动中）：请等几秒钟后再检查一次；如果它仍然没有响应，请检查它的线缆是否插好、交换机端口是否已启用。</translation>
    </message>
</context>
<context>
    <name>spark::CablingPlan</name>
    <message>
        <source>Stays empty: %1</source>
        <translation>保持空置：%1</translation>
    </message>
    <message>
        <source>left port (Port 0)</source>
        <translation>左侧端口（端口 0）</translation>
    </message>
    <message>
        <source>right port (Port 1)</source>
        <translation>右侧端口（端口 1）</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>a free 200G port on the switch</source>
        <translation>交换机上一个空闲的 200G 端口</translation>
    </message>
    <message>
        <source>Cable %1: %2 → %3</source>
        <translation>线缆 %1：%2 → %3</translation>
    </message>
</context>
<context>
    <name>spark::CablingPlanner</name>
    <message>
        <source>Every Spark in a cluster needs a name.</source>
        <translation>集群中的每台 Spark 都需要一个名称。</translation>
    </message>
    <message>
        <source>%1 is listed twice; list every Spark once.</source>
        <translation>%1 被列出了两次；每台 Spark 只能列出一次。</translation>
    </message>
    <message>
        <source>The port is 0 (left) or 1 (right).</source>
        <translation>端口只能是 0（左侧）或 1（右侧）。</translation>
    </message>
    <message>
        <source>A cluster needs at least two Sparks.</source>
        <translation>集群至少需要两台 Spark。</translation>
    </message>
    <message>
        <source>4 or more Sparks can only be connected through a switch.</source>
        <translation>4 台及以上的 Spark 只能通过交换机连接。</translation>
    </message>
    <message>
        <source>A direct cable joins exactly two Sparks; for three Sparks choose the ring.</source>
        <translation>直连只能连接两台 Spark；三台 Spark 请选择环形拓扑。</translation>
    </message>
    <message>
        <source>A ring joins exactly three Sparks; for two Sparks choose a direct cable.</source>
        <translation>环形拓扑只能连接三台 Spark；两台 Spark 请选择直连。</translation>
    </message>
    <message>
        <source>A 3-Spark ring uses both ports of every Spark, so no port can be chosen.</source>
        <translation>三台 Spark 的环形拓扑会用到每台 Spark 的两个端口，因此无法选择端口。</translation>
    </message>
    <message>
        <source>4 or more Sparks can only be connected through a switch; remove the direct cables and cable every Spark to the switch.</source>
        <translation>4 台及以上的 Spark 只能通过交换机连接；请拔掉直连线缆，将每台 Spark 都连接到交换机。</translation>
    </message>
    <message>
        <source>Some cables go to the switch and some go directly between Sparks; use one or the other, never a mix.</source>
        <translation>部分线缆接到交换机，部分线缆在 Spark 之间直连；只能选用其中一种方式，不能混用。</translation>
    </message>
    <message>
        <source>%1 has two cables; a port takes one cable.</source>
        <translation>%1 接了两根线缆；一个端口只能接一根线缆。</translation>
    </message>
    <message>
        <source>Cable %1 joins two ports of %2; remove it, a Spark is never cabled to itself.</source>
        <translation>线缆 %1 连接了 %2 自身的两个端口；请拔掉它，Spark 不能与自身相连。</translation>
    </message>
    <message>
        <source>%1 and %2 are joined by two cables; use one cable between them, a second one adds no bandwidth.</source>
        <translation>%1 和 %2 之间连了两根线缆；请只用一根，第二根并不会增加带宽。</translation>
    </message>
    <message>
        <source>With two Sparks cabled directly, use the same port on both ends (left to left or right to right); cable %1 joins %2 and %3.</source>
        <translation>两台 Spark 直连时，两端须使用相同的端口（左对左或右对右）；而线缆 %1 连接的是 %2 和 %3。</translation>
    </message>
    <message>
        <source>In a 3-Spark ring every cable goes from a left port (Port 0) to a right port (Port 1); cable %1 joins %2 and %3.</source>
        <translation>在三台 Spark 的环形拓扑中，每根线缆都应从左侧端口（端口 0）连到右侧端口（端口 1）；而线缆 %1 连接的是 %2 和 %3。</translation>
    </message>
    <message>
        <source>Through a switch every Spark uses the same port: %1 uses its %2, but %3 uses its %4.</source>
        <translation>通过交换机连接时，每台 Spark 都须使用相同的端口：%1 用的是%2，而 %3 用的是%4。</translation>
    </message>
</context>
<context>
    <name>spark::ClusterApplier</name>
    <message>
        <source>The apply was cancelled; every node that was changed goes back to its earlier settings.</source>
        <translation>已取消应用；所有已更改的节点都将恢复原来的设置。</translation>
    </message>
    <message>
        <source>Checking the administrator password on %1.</source>
        <translation>正在 %1 上核对管理员密码。</translation>
    </message>
    <message>
        <source>The administrator check</source>
        <translation>管理员密码检查</translation>
    </message>
    <message>
        <source>Checking every link from %1 with full-size packets.</source>
        <translation>正在用满尺寸数据包检查从 %1 出发的每条链路。</translation>
    </message>
    <message>
        <source>The link check</source>
        <translation>链路检查</translation>
    </message>
    <message>
        <source>%1 no longer answers on its management address after the change (%2).</source>
        <translation>更改后，%1 在其管理地址上不再响应（%2）。</translation>
    </message>
    <message>
        <source>%1 runs the new network settings.</source>
        <translation>%1 已在使用新的网络设置。</translation>
    </message>
    <message>
        <source>%1 already ran these settings; nothing was changed.</source>
        <translation>%1 已在使用这些设置；未做任何更改。</translation>
    </message>
    <message>
        <source>%1 cannot be reached; it restores its earlier settings by itself.</source>
        <translation>无法连接到 %1；它会自动恢复原来的设置。</translation>
    </message>
    <message>
        <source>Restoring the earlier network settings of %1 (%2).</source>
        <translation>正在恢复 %1 原来的网络设置（%2）。</translation>
    </message>
    <message>
        <source>Restoring the earlier settings</source>
        <translation>恢复原来的设置</translation>
    </message>
    <message>
        <source>%1 is back on its earlier settings.</source>
        <translation>%1 已恢复原来的设置。</translation>
    </message>
    <message>
        <source>%1 could not be restored now; its timer restores it by itself.</source>
        <translation>%1 暂时无法恢复；到时其计时器会自动恢复。</translation>
    </message>
</context>
<context>
    <name>spark::ClusterCommands</name>
    <message>
        <source>sudo password of %1 on %2: </source>
        <translation>%1 在 %2 上的 sudo 密码： </translation>
    </message>
    <message>
        <source>sudo password of %1 on %2 (Enter: the same as before): </source>
        <translation>%1 在 %2 上的 sudo 密码（直接按 Enter 表示与上一个相同）： </translation>
    </message>
    <message>
        <source>Still cancelling: waiting until every node is whole again.
</source>
        <translation>仍在取消：正在等待每个节点恢复完整。
</translation>
    </message>
    <message>
        <source>Cancelling: every node that was changed goes back to its earlier settings (a node already verified keeps the new ones).
</source>
        <translation>正在取消：每个已更改的节点都会恢复原来的设置（已验证的节点保留新设置）。
</translation>
    </message>
    <message>
        <source>Plan a cluster: which cable goes into which port, and the ConnectX-7 addresses every node gets. No node is contacted; the plan is saved as the default cluster for verify, apply and export.</source>
        <translation>规划集群：哪根线缆插入哪个端口，以及每个节点获得的 ConnectX-7 地址。不会连接任何节点；该规划会保存为 verify、apply 和 export 的默认集群。</translation>
    </message>
    <message>
        <source>direct2, ring3 or switch.</source>
        <translation>direct2、ring3 或 switch。</translation>
    </message>
    <message>
        <source>The registered Sparks, in cable order (default: every registered one).</source>
        <translation>已注册的 Spark，按布线顺序（默认：全部已注册的）。</translation>
    </message>
    <message>
        <source>0 (left) or 1 (right), for direct2 and switch (default 0).</source>
        <translation>0（左）或 1（右），用于 direct2 和 switch（默认 0）。</translation>
    </message>
    <message>
        <source>The cluster&apos;s name (default: the one planned last, or &quot;spark-cluster&quot;).</source>
        <translation>集群名称（默认：最近规划的那个，或 &quot;spark-cluster&quot;）。</translation>
    </message>
    <message>
        <source>The switch takes 9000-byte frames on these ports (default: MTU 1500 on a switch).</source>
        <translation>交换机的这些端口接受 9000 字节的帧（默认：交换机上 MTU 1500）。</translation>
    </message>
    <message>
        <source>Where the cluster&apos;s subnets come from (default 10.200.0.0/16).</source>
        <translation>集群子网的来源范围（默认 10.200.0.0/16）。</translation>
    </message>
    <message>
        <source>Print the plan as JSON.</source>
        <translation>以 JSON 格式输出规划。</translation>
    </message>
    <message>
        <source>--layout must be direct2, ring3 or switch.</source>
        <translation>--layout 必须是 direct2、ring3 或 switch。</translation>
    </message>
    <message>
        <source>--port must be 0 (left) or 1 (right).</source>
        <translation>--port 必须是 0（左）或 1（右）。</translation>
    </message>
    <message>
        <source>--jumbo-frames is for a switch; direct cables always use MTU 9000.</source>
        <translation>--jumbo-frames 仅用于交换机；直连线缆始终使用 MTU 9000。</translation>
    </message>
    <message>
        <source>No Spark named &quot;%1&quot; is registered; add it with &apos;sparkctl device add&apos; or check the names with &apos;sparkctl device list&apos;.</source>
        <translation>没有名为 &quot;%1&quot; 的已注册 Spark；请用 &apos;sparkctl device add&apos; 添加，或用 &apos;sparkctl device list&apos; 核对名称。</translation>
    </message>
    <message>
        <source>--base-range must be an IPv4 range such as 10.200.0.0/16.</source>
        <translation>--base-range 必须是 IPv4 范围，例如 10.200.0.0/16。</translation>
    </message>
    <message>
        <source>Cluster %1: %2 with %3 Sparks.</source>
        <translation>集群 %1：%2，共 %3 台 Spark。</translation>
    </message>
    <message>
        <source>Cabling:</source>
        <translation>布线：</translation>
    </message>
    <message>
        <source>ConnectX-7 addresses (MTU %1):</source>
        <translation>ConnectX-7 地址（MTU %1）：</translation>
    </message>
    <message>
        <source>No node was contacted: &apos;sparkctl cluster apply&apos; reads the nodes first and moves any subnet that a node already uses.</source>
        <translation>未连接任何节点：&apos;sparkctl cluster apply&apos; 会先读取各节点，并避开节点已在使用的子网。</translation>
    </message>
    <message>
        <source>Saved as cluster %1, the default for &apos;sparkctl cluster verify&apos;, &apos;apply&apos; and &apos;export&apos;.</source>
        <translation>已保存为集群 %1，作为 &apos;sparkctl cluster verify&apos;、&apos;apply&apos; 和 &apos;export&apos; 的默认集群。</translation>
    </message>
    <message>
        <source>Plan the cabling and the ConnectX-7 addresses (no node is contacted)</source>
        <translation>规划布线和 ConnectX-7 地址（不连接任何节点）</translation>
    </message>
</context>
<context>
    <name>spark::ClusterExport</name>
    <message>
        <source>NCCL_IB_GID_INDEX is not set: %1</source>
        <translation>未设置 NCCL_IB_GID_INDEX：%1</translation>
    </message>
    <message>
        <source>NCCL_IB_GID_INDEX is left out: %1</source>
        <translation>未写入 NCCL_IB_GID_INDEX：%1</translation>
    </message>
</context>
<context>
    <name>spark::ClusterExports</name>
    <message>
        <source>The address of %1 (&quot;%2&quot;) cannot go into a hostfile; register it by hostname or IP address.</source>
        <translation>%1 的地址（“%2”）无法写入 hostfile；请使用主机名或 IP 地址注册该设备。</translation>
    </message>
    <message>
        <source>The address of %1 (&quot;%2&quot;) cannot go into an inventory; register it by hostname or IP address.</source>
        <translation>%1 的地址（“%2”）无法写入 Ansible inventory；请使用主机名或 IP 地址注册该设备。</translation>
    </message>
    <message>
        <source>vLLM across Sparks needs at least two Sparks in the cluster.</source>
        <translation>跨 Spark 运行 vLLM 需要集群中至少有两台 Spark。</translation>
    </message>
</context>
<context>
    <name>spark::ClusterHealth</name>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>在线</translation>
    </message>
    <message>
        <source>Online (its last answer is late)</source>
        <translation>在线（最近一次应答迟到）</translation>
    </message>
    <message numerus="yes">
        <source>Offline: no answer; next try in %n s</source>
        <translation>
            <numerusform>离线：无应答；%n 秒后重试</numerusform>
        </translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/秒</translation>
    </message>
    <message>
        <source>CRC errors</source>
        <translation>CRC 错误</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Discards</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>Pause frames received</source>
        <translation>收到的暂停帧</translation>
    </message>
    <message>
        <source>Pause frames sent</source>
        <translation>发出的暂停帧</translation>
    </message>
    <message>
        <source>ECN-marked packets</source>
        <translation>ECN 标记的数据包</translation>
    </message>
    <message>
        <source>CNPs sent</source>
        <translation>发出的 CNP</translation>
    </message>
    <message>
        <source>CNPs handled</source>
        <translation>处理的 CNP</translation>
    </message>
    <message>
        <source>RDMA retransmissions</source>
        <translation>RDMA 重传</translation>
    </message>
    <message>
        <source>Carrier changes since boot</source>
        <translation>开机以来的载波变化次数</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>%1G</source>
        <translation>%1G</translation>
    </message>
    <message>
        <source>Round trip to the peer (twin 0 / twin 1)</source>
        <translation>到对端的往返时间（孪生接口 0 / 孪生接口 1）</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
</context>
<context>
    <name>spark::ClusterOperations</name>
    <message>
        <source>Restoring the settings from before the first apply.</source>
        <translation>正在恢复首次应用之前的设置。</translation>
    </message>
    <message>
        <source>The rollback</source>
        <translation>回滚</translation>
    </message>
    <message>
        <source>No backup from an earlier apply: nothing to roll back.</source>
        <translation>没有先前应用留下的备份：无需回滚。</translation>
    </message>
    <message>
        <source>Back on the settings from before the first apply.</source>
        <translation>已恢复首次应用之前的设置。</translation>
    </message>
</context>
<context>
    <name>spark::ClusterPreparer</name>
    <message>
        <source>The address range &quot;%1&quot; of cluster %2 is not valid; plan the cluster again.</source>
        <translation>集群 %2 的地址范围“%1”无效；请重新规划集群。</translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation>无法读取 %1 的信息：%2</translation>
    </message>
    <message>
        <source>Reading the current settings</source>
        <translation>读取当前设置</translation>
    </message>
    <message>
        <source>The network settings of %1 could not be read as administrator; check its sudo password.</source>
        <translation>无法以管理员身份读取 %1 的网络设置；请检查其 sudo 密码。</translation>
    </message>
</context>
<context>
    <name>spark::ClusterRemoval</name>
    <message>
        <source>There is no cluster named &quot;%1&quot;: no cluster is configured on this computer.</source>
        <translation>没有名为“%1”的集群：这台电脑上还没有配置任何集群。</translation>
    </message>
    <message>
        <source>There is no cluster named &quot;%1&quot;; the configured ones are %2.</source>
        <translation>没有名为“%1”的集群；已配置的集群有 %2。</translation>
    </message>
</context>
<context>
    <name>spark::ClusterSessions</name>
    <message>
        <source>The cluster &quot;%1&quot; names %2, which is no longer a registered Spark. Add it again, or set the cluster up again.</source>
        <translation>集群“%1”包含 %2，但它已不是已登记的 Spark。请重新添加它，或重新设置集群。</translation>
    </message>
</context>
<context>
    <name>spark::ClusterStore</name>
    <message>
        <source>A cluster name uses letters, digits, &quot;.&quot;, &quot;_&quot; and &quot;-&quot;, starts with a letter or digit and has at most 63 characters.</source>
        <translation>集群名称只能包含字母、数字、“.”、“_”和“-”，须以字母或数字开头，且不超过 63 个字符。</translation>
    </message>
    <message>
        <source>Could not read the cluster list %1: %2. Check the file&apos;s permissions.</source>
        <translation>无法读取集群列表 %1：%2。请检查该文件的权限。</translation>
    </message>
    <message>
        <source>The cluster list %1 is damaged (%2). Move it aside and plan your cluster again.</source>
        <translation>集群列表 %1 已损坏（%2）。请将其移到别处，然后重新规划集群。</translation>
    </message>
    <message>
        <source>Could not write the cluster list %1: %2.</source>
        <translation>无法写入集群列表 %1：%2。</translation>
    </message>
    <message>
        <source>No cluster is planned yet; run &apos;sparkctl cluster plan&apos; first.</source>
        <translation>尚未规划集群；请先运行 sparkctl cluster plan。</translation>
    </message>
    <message>
        <source>There is no cluster named &quot;%1&quot;; run &apos;sparkctl cluster plan&apos; to plan it.</source>
        <translation>不存在名为“%1”的集群；请运行 sparkctl cluster plan 进行规划。</translation>
    </message>
</context>
<context>
    <name>spark::CommandTemplate</name>
    <message>
        <source>The recipe&apos;s command has a &apos; that is never closed.</source>
        <translation>配方的命令中有一个未闭合的 &apos;。</translation>
    </message>
    <message>
        <source>The recipe&apos;s command uses %1 inside double quotes: this program does not give the command to a shell, so it cannot expand it. Write the value itself, or put it in the recipe&apos;s env.</source>
        <translation>配方的命令在双引号中使用了 %1：本程序不把命令交给 shell，因此无法展开它。请直接写出值，或放到配方的 env 中。</translation>
    </message>
    <message>
        <source>The recipe&apos;s command has a &quot; that is never closed.</source>
        <translation>配方的命令中有一个未闭合的 &quot;。</translation>
    </message>
    <message>
        <source>The recipe&apos;s command uses the shell&apos;s %1, but this program runs one command without a shell: put what should run before it into the container image, and values into env.</source>
        <translation>配方的命令使用了 shell 的 %1，但本程序不经 shell 只运行一条命令：请把需要先运行的内容放进容器镜像，把值放进 env。</translation>
    </message>
    <message>
        <source>The recipe&apos;s command is empty.</source>
        <translation>配方的命令为空。</translation>
    </message>
    <message>
        <source>The recipe&apos;s command has &quot;%1&quot;, which is not a placeholder such as {port}; a literal brace is written twice ({{ or }}).</source>
        <translation>配方的命令中有 &quot;%1&quot;，它不是 {port} 这样的占位符；字面的花括号要写两次（{{ 或 }}）。</translation>
    </message>
    <message>
        <source>The recipe&apos;s command has a single } in &quot;%1&quot;; a literal brace is written twice (}}).</source>
        <translation>配方的命令在 &quot;%1&quot; 中有单个 }；字面的花括号要写两次（}}）。</translation>
    </message>
    <message>
        <source>The recipe&apos;s command uses {%1}, which has no value: give it under the recipe&apos;s defaults or as an override.</source>
        <translation>配方的命令使用了 {%1}，但它没有值：请在配方的 defaults 中给出，或作为覆盖值传入。</translation>
    </message>
</context>
<context>
    <name>spark::DailyPreferences</name>
    <message>
        <source>Could not read %1 (%2). Check its permissions.</source>
        <translation>无法读取 %1（%2）。请检查其权限。</translation>
    </message>
    <message>
        <source>%1 is damaged (%2); fix it or delete it to start with default settings.</source>
        <translation>%1 已损坏（%2）；请修复或删除它，以默认设置重新开始。</translation>
    </message>
    <message>
        <source>Could not save %1 (%2). Check that the folder is writable.</source>
        <translation>无法保存 %1（%2）。请检查该文件夹是否可写。</translation>
    </message>
</context>
<context>
    <name>spark::DeviceEnroller</name>
    <message>
        <source>Your %1 already has a &quot;Host %2&quot; of its own; choose another name, or register that entry with &quot;sparkctl device import %2&quot;.</source>
        <translation>您的 %1 中已有自己的“Host %2”条目；请换一个名称，或使用“sparkctl device import %2”注册该条目。</translation>
    </message>
    <message>
        <source>Checking the details…</source>
        <translation>正在检查填写的信息…</translation>
    </message>
    <message>
        <source>Preparing this computer&apos;s SSH key…</source>
        <translation>正在准备本机的 SSH 密钥…</translation>
    </message>
    <message>
        <source>Adding %1 was cancelled; nothing was changed.</source>
        <translation>已取消添加 %1；未做任何更改。</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>Checking that %1 may use sudo…</source>
        <translation>正在检查 %1 能否使用 sudo…</translation>
    </message>
    <message>
        <source>sudo on %1 did not accept the password of %2; check the password.</source>
        <translation>%1 上的 sudo 不接受 %2 的密码；请检查密码。</translation>
    </message>
    <message>
        <source>The account %1 on %2 may not use sudo, which setting up the network needs; give it sudo rights (add it to the sudo group) or use an account that has them.</source>
        <translation>%2 上的账户 %1 无权使用 sudo，而配置网络需要 sudo 权限；请为其授予 sudo 权限（将其加入 sudo 组），或改用具有该权限的账户。</translation>
    </message>
    <message>
        <source>Finding out what %1 is…</source>
        <translation>正在识别 %1 的设备类型…</translation>
    </message>
    <message>
        <source>%1 has no /etc/dgx-release, so it is not a DGX Spark; it was added as a generic Linux host and Spark-only steps will skip it.</source>
        <translation>%1 上没有 /etc/dgx-release，因此它不是 DGX Spark；已将其作为普通 Linux 主机添加，仅适用于 Spark 的步骤会跳过它。</translation>
    </message>
    <message>
        <source>Installing this computer&apos;s key on %1…</source>
        <translation>正在将本机的密钥安装到 %1…</translation>
    </message>
    <message>
        <source>Could not add the key to ~/.ssh/authorized_keys of %1 on %2; check that the home folder is writable.</source>
        <translation>无法将密钥添加到 %2 上 %1 的 ~/.ssh/authorized_keys；请检查主目录是否可写。</translation>
    </message>
    <message>
        <source>Checking that the key logs in…</source>
        <translation>正在检查能否用密钥登录…</translation>
    </message>
    <message>
        <source>The key was installed on %1 but logging in with it failed, so it was taken out again; check that the SSH server allows key logins (PubkeyAuthentication yes).</source>
        <translation>密钥已安装到 %1，但无法用它登录，因此已将其移除；请检查 SSH 服务器是否允许密钥登录（PubkeyAuthentication yes）。</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
    <message>
        <source>%1 was added.</source>
        <translation>已添加 %1。</translation>
    </message>
    <message>
        <source>No device is named &quot;%1&quot;; &quot;sparkctl device list&quot; shows the names.</source>
        <translation>没有名为“%1”的设备；运行“sparkctl device list”可查看设备名称。</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>%1 has no &quot;Host %2&quot;; check the alias, or add the device with its password instead.</source>
        <translation>%1 中没有“Host %2”条目；请检查别名，或改用密码添加该设备。</translation>
    </message>
    <message>
        <source>ssh could not read the entry &quot;%1&quot; in %2; run &quot;ssh -G %1&quot; to see why.</source>
        <translation>ssh 无法读取 %2 中的条目“%1”；请运行“ssh -G %1”查看原因。</translation>
    </message>
</context>
<context>
    <name>spark::DeviceProbe</name>
    <message>
        <source>%1 answers with a different host key than when it was added; remove it and add it again if it was reinstalled.</source>
        <translation>%1 返回的主机密钥与添加时不同；如果它重装过系统，请将其移除后重新添加。</translation>
    </message>
</context>
<context>
    <name>spark::DeviceRegistry</name>
    <message>
        <source>Could not read the device list %1: %2. Check the file&apos;s permissions.</source>
        <translation>无法读取设备列表 %1：%2。请检查该文件的权限。</translation>
    </message>
    <message>
        <source>The device list %1 is damaged (%2). Move it aside and add your devices again.</source>
        <translation>设备列表 %1 已损坏（%2）。请将其移到别处，然后重新添加设备。</translation>
    </message>
    <message>
        <source>Could not write the device list %1: %2.</source>
        <translation>无法写入设备列表 %1：%2。</translation>
    </message>
    <message>
        <source>A device named &quot;%1&quot; is already registered. Choose another name or remove the old one first.</source>
        <translation>名为“%1”的设备已经注册。请换一个名称，或先移除旧设备。</translation>
    </message>
    <message>
        <source>%1 port %2 is already registered as &quot;%3&quot;.</source>
        <translation>%1 的端口 %2 已注册为“%3”。</translation>
    </message>
</context>
<context>
    <name>spark::DgxRelease</name>
    <message>
        <source>not a DGX system</source>
        <translation>非 DGX 系统</translation>
    </message>
    <message>
        <source>NVIDIA DGX Spark (Founders Edition)</source>
        <translation>NVIDIA DGX Spark（Founders Edition）</translation>
    </message>
</context>
<context>
    <name>spark::DiscoveryRunner</name>
    <message>
        <source>Looking for cables on %1.</source>
        <translation>正在检测 %1 上的线缆。</translation>
    </message>
    <message>
        <source>%1 could not be asked about its cables: %2</source>
        <translation>无法查询 %1 的线缆连接情况：%2</translation>
    </message>
    <message>
        <source>The cable discovery failed on %1; check that it is a DGX Spark and try again.</source>
        <translation>在 %1 上检测线缆失败；请确认它是 DGX Spark，然后重试。</translation>
    </message>
    <message>
        <source>%1 answered.</source>
        <translation>%1 已响应。</translation>
    </message>
    <message>
        <source>%1 did not answer yet; looking again in a moment.</source>
        <translation>%1 尚未应答，稍后再看一次。</translation>
    </message>
</context>
<context>
    <name>spark::EnrolmentRequest</name>
    <message>
        <source>A device needs a name, for example spark-1.</source>
        <translation>请为设备命名，例如 spark-1。</translation>
    </message>
    <message>
        <source>The name &quot;%1&quot; may only use letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; (no spaces); try something like spark-1.</source>
        <translation>名称“%1”只能包含字母、数字、“.”、“_”和“-”（不能有空格）；可以试试 spark-1 这样的名称。</translation>
    </message>
    <message>
        <source>Enter the device&apos;s host name or IP address, for example spark-1.local or 192.168.1.20.</source>
        <translation>请输入设备的主机名或 IP 地址，例如 spark-1.local 或 192.168.1.20。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a host name or IP address; use a name like spark-1.local or an address like 192.168.1.20.</source>
        <translation>“%1”不是主机名或 IP 地址；请使用 spark-1.local 这样的名称或 192.168.1.20 这样的地址。</translation>
    </message>
    <message>
        <source>Enter the user name you log in to the device with.</source>
        <translation>请输入您登录该设备所用的用户名。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid user name: use letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;, without spaces.</source>
        <translation>“%1”不是有效的用户名：只能使用字母、数字、“.”、“_”或“-”，不能有空格。</translation>
    </message>
    <message>
        <source>The SSH port must be a number from 1 to 65535 (usually 22).</source>
        <translation>SSH 端口必须是 1 到 65535 之间的数字（通常为 22）。</translation>
    </message>
    <message>
        <source>Enter the password of %1 on the device; it is used once to install the program&apos;s key.</source>
        <translation>请输入 %1 在该设备上的密码；它只使用一次，用于安装本程序的密钥。</translation>
    </message>
</context>
<context>
    <name>spark::FindingSharing</name>
    <message>
        <source>Each Spark</source>
        <translation>每台 Spark</translation>
    </message>
    <message>
        <source>each Spark</source>
        <translation>每台 Spark</translation>
    </message>
</context>
<context>
    <name>spark::HealthMonitor</name>
    <message>
        <source>The health poll of %1 was cancelled.</source>
        <translation>对 %1 的健康状态轮询已取消。</translation>
    </message>
</context>
<context>
    <name>spark::HealthNotices</name>
    <message>
        <source>%1: critical alert</source>
        <translation>%1：严重告警</translation>
    </message>
    <message>
        <source>%1: warning</source>
        <translation>%1：警告</translation>
    </message>
    <message>
        <source>%1: %2 new alerts</source>
        <translation>%1：%2 条新告警</translation>
    </message>
    <message>
        <source>And %1 more: open the link-health window to see them all.</source>
        <translation>另有 %1 条：打开链路健康窗口查看全部。</translation>
    </message>
    <message>
        <source>%1: alert cleared</source>
        <translation>%1：告警已消除</translation>
    </message>
    <message>
        <source>%1: %2 alerts cleared</source>
        <translation>%1：%2 条告警已消除</translation>
    </message>
    <message>
        <source>Cleared: %1</source>
        <translation>已消除：%1</translation>
    </message>
    <message>
        <source>And %1 more.</source>
        <translation>另有 %1 条。</translation>
    </message>
    <message>
        <source>Every link and Spark is healthy again.</source>
        <translation>每条链路和每台 Spark 都已恢复健康。</translation>
    </message>
</context>
<context>
    <name>spark::HealthRules</name>
    <message>
        <source>Port %1 of %2 has no link: its interfaces are gone.</source>
        <translation>%2 的端口 %1 没有链路：其网络接口已消失。</translation>
    </message>
    <message>
        <source>The CX-7 removes a port&apos;s interfaces when it detects no cable: the cable is out or not seated, or the other end is off.</source>
        <translation>CX-7 检测不到线缆时会移除该端口的网络接口：线缆已拔出或未插好，或者另一端设备已关机。</translation>
    </message>
    <message>
        <source>Push the cable in (pull tab up) at both ends until it clicks, and check that the other end is on.</source>
        <translation>将线缆两端（拉环朝上）推入，直到发出咔嗒声，并确认另一端的设备已开机。</translation>
    </message>
    <message>
        <source>Port %1 of %2 is down.</source>
        <translation>%2 的端口 %1 已断开。</translation>
    </message>
    <message>
        <source>No signal on the cable: it is loose or damaged, or the other end is off or its port is disabled.</source>
        <translation>线缆上没有信号：线缆松动或损坏，或者另一端设备已关机或其端口已禁用。</translation>
    </message>
    <message>
        <source>Reseat the cable at both ends and check that the other end is on; replace the cable if the port stays down.</source>
        <translation>重新插紧线缆两端，并确认另一端设备已开机；如果端口仍然断开，请更换线缆。</translation>
    </message>
    <message>
        <source>One twin of port %1 of %2 is down (%3): the port runs at half speed.</source>
        <translation>%2 的端口 %1 有一个孪生接口已断开（%3）：该端口只能以一半速度运行。</translation>
    </message>
    <message>
        <source>The interface was set down or its network configuration did not come up, while its twin works.</source>
        <translation>该接口已被停用，或其网络配置未能生效，而它的孪生接口工作正常。</translation>
    </message>
    <message>
        <source>Apply the cluster&apos;s network configuration again so that both twins are up and addressed.</source>
        <translation>请重新应用集群的网络配置，使两个孪生接口都处于启用状态并已分配地址。</translation>
    </message>
    <message>
        <source>Port %1 of %2 runs at %3G instead of 200G.</source>
        <translation>%2 的端口 %1 以 %3G 而非 200G 运行。</translation>
    </message>
    <message>
        <source>The link negotiated a lower speed: a switch port left on auto-negotiation, or a cable rated below 200 Gb/s.</source>
        <translation>链路协商到了较低的速率：交换机端口仍开启自动协商，或线缆规格低于 200 Gb/s。</translation>
    </message>
    <message>
        <source>On a switch, set the port to 200G (for example 200G-baseCR4) with auto-negotiation off; otherwise use an approved 200G cable.</source>
        <translation>如果连接交换机，请将交换机端口设为 200G（例如 200G-baseCR4）并关闭自动协商；否则请使用认证的 200G 线缆。</translation>
    </message>
    <message>
        <source>Only one twin of port %1 of %2 carries traffic (%3 Gb/s; %4 idle).</source>
        <translation>%2 的端口 %1 只有一个孪生接口在传输流量（%3 Gb/s；%4 空闲）。</translation>
    </message>
    <message>
        <source>The workload uses one of the port&apos;s two interfaces, so it gets about half of the 200 Gb/s.</source>
        <translation>工作负载只用到了该端口两个接口中的一个，因此只能获得 200 Gb/s 中的大约一半。</translation>
    </message>
    <message>
        <source>Address both twins and let the workload use both (for NCCL, list both RoCE devices in NCCL_IB_HCA).</source>
        <translation>为两个孪生接口都分配地址，并让工作负载同时使用二者（对于 NCCL，请在 NCCL_IB_HCA 中列出这两个 RoCE 设备）。</translation>
    </message>
    <message>
        <source>CRC errors are rising on port %1 of %2 (%3 per second).</source>
        <translation>%2 的端口 %1 上 CRC 错误不断增加（每秒 %3 个）。</translation>
    </message>
    <message>
        <source>Frames arrive damaged: a cable that is loose, dirty, bent or not rated for 200 Gb/s.</source>
        <translation>收到的帧已损坏：线缆松动、脏污、弯折，或不支持 200 Gb/s。</translation>
    </message>
    <message>
        <source>Reseat the cable at both ends; if the errors continue, replace the cable.</source>
        <translation>重新插紧线缆两端；如果错误仍然出现，请更换线缆。</translation>
    </message>
    <message>
        <source>Errors are rising on %1 of %2 (%3 per second).</source>
        <translation>%2 的 %1 上错误不断增加（每秒 %3 个）。</translation>
    </message>
    <message>
        <source>Frames are damaged or refused on this interface, most often because of the cable.</source>
        <translation>此接口上的帧损坏或被拒收，最常见的原因是线缆问题。</translation>
    </message>
    <message>
        <source>RDMA retransmissions are rising on %1 of %2 (%3 per second).</source>
        <translation>%2 的 %1 上 RDMA 重传不断增加（每秒 %3 次）。</translation>
    </message>
    <message>
        <source>RDMA packets are lost on the way: a bad cable, or congestion at a switch without lossless settings.</source>
        <translation>RDMA 数据包在传输途中丢失：线缆有问题，或交换机未启用无损设置而发生拥塞。</translation>
    </message>
    <message>
        <source>Reseat or replace the cable; behind a switch, enable flow control (PFC or global pause) on its Spark ports.</source>
        <translation>重新插紧或更换线缆；如果经过交换机，请在交换机连接 Spark 的端口上启用流控（PFC 或全局暂停）。</translation>
    </message>
    <message>
        <source>Pause-frame storm on port %1 of %2 (%3 received, %4 sent per second).</source>
        <translation>%2 的端口 %1 出现暂停帧风暴（每秒接收 %3 个，发送 %4 个）。</translation>
    </message>
    <message>
        <source>The other end cannot keep up and keeps telling this Spark to stop sending.</source>
        <translation>对端处理不过来，不断要求这台 Spark 暂停发送。</translation>
    </message>
    <message>
        <source>This Spark cannot take in data fast enough and keeps pausing the other end.</source>
        <translation>这台 Spark 接收数据不够快，不断让对端暂停发送。</translation>
    </message>
    <message>
        <source>Look for an overloaded or stalled receiver; behind a switch, give every Spark port the same flow-control settings.</source>
        <translation>检查是否有接收端过载或卡住；如果经过交换机，请为所有连接 Spark 的端口设置相同的流控参数。</translation>
    </message>
    <message>
        <source>The MTU differs across %1: %2 uses %3 on %4, %5 uses %6 on %7.</source>
        <translation>%1 两端的 MTU 不一致：%2 在 %4 上使用 %3，%5 在 %7 上使用 %6。</translation>
    </message>
    <message>
        <source>The two ends were configured differently, so large frames from one side are dropped by the other.</source>
        <translation>两端的配置不同，一端发出的大帧会被另一端丢弃。</translation>
    </message>
    <message>
        <source>Set the same MTU (9000, or 1500) on both ends: apply the cluster&apos;s network configuration again.</source>
        <translation>两端须设置相同的 MTU（9000 或 1500）：请重新应用集群的网络配置。</translation>
    </message>
    <message>
        <source>%1 does not answer.</source>
        <translation>%1 没有响应。</translation>
    </message>
    <message>
        <source>It is off or asleep, or its management network (RJ-45 or Wi-Fi) is down.</source>
        <translation>它已关机或处于睡眠状态，或者其管理网络（RJ-45 或 Wi-Fi）已断开。</translation>
    </message>
    <message>
        <source>Check that it is on and reachable over SSH; the dashboard picks it up again when it answers.</source>
        <translation>请确认它已开机并可通过 SSH 访问；它恢复响应后，仪表板会自动重新显示它。</translation>
    </message>
</context>
<context>
    <name>spark::HfCacheListing</name>
    <message>
        <source>The model folder &quot;%1&quot; cannot be read: name a folder that starts with / or ~/, on one line.</source>
        <translation>无法读取模型文件夹“%1”：请给出以 / 或 ~/ 开头、只占一行的文件夹。</translation>
    </message>
</context>
<context>
    <name>spark::Iperf3Parser</name>
    <message>
        <source>iperf3 printed something that is not its JSON report; is iperf3 installed on both Sparks?</source>
        <translation>iperf3 输出的内容不是其 JSON 报告；请确认两台 Spark 上都已安装 iperf3。</translation>
    </message>
    <message>
        <source>iperf3 failed: %1.</source>
        <translation>iperf3 运行失败：%1。</translation>
    </message>
    <message>
        <source>iperf3 ended without a result; run the test again.</source>
        <translation>iperf3 结束时没有给出结果；请重新运行测试。</translation>
    </message>
    <message>
        <source>iperf3&apos;s report has no result; run the test again.</source>
        <translation>iperf3 的报告中没有结果；请重新运行测试。</translation>
    </message>
</context>
<context>
    <name>spark::KnownHosts</name>
    <message>
        <source>Could not read %1: %2. Check the file&apos;s permissions.</source>
        <translation>无法读取 %1：%2。请检查该文件的权限。</translation>
    </message>
    <message>
        <source>Could not check the host key: out of memory.</source>
        <translation>无法核对主机密钥：内存不足。</translation>
    </message>
    <message>
        <source>Could not check the host key of %1 against %2.</source>
        <translation>无法根据 %2 核对 %1 的主机密钥。</translation>
    </message>
    <message>
        <source>Could not record the host key: out of memory.</source>
        <translation>无法记录主机密钥：内存不足。</translation>
    </message>
    <message>
        <source>Could not record the host key of %1.</source>
        <translation>无法记录 %1 的主机密钥。</translation>
    </message>
    <message>
        <source>Could not write %1: %2. Check the file&apos;s permissions.</source>
        <translation>无法写入 %1：%2。请检查该文件的权限。</translation>
    </message>
    <message>
        <source>Could not write %1: %2. Check the free disk space.</source>
        <translation>无法写入 %1：%2。请检查磁盘剩余空间。</translation>
    </message>
</context>
<context>
    <name>spark::LaunchPlanner</name>
    <message>
        <source>The device has no usable SSH alias (&quot;%1&quot;); add it again so one is written.</source>
        <translation>该设备没有可用的 SSH 别名（“%1”）；请重新添加它，以便写入别名。</translation>
    </message>
    <message>
        <source>No terminal program was found on this computer. Install one (for example GNOME Terminal, Konsole or xterm), or run &quot;ssh %1&quot; in yours.</source>
        <translation>在这台电脑上没有找到终端程序。请安装一个（例如 GNOME Terminal、Konsole 或 xterm），或在您自己的终端中运行“ssh %1”。</translation>
    </message>
    <message>
        <source>The working folder &quot;%1&quot; must be a full path on the device, such as /home/nvidia.</source>
        <translation>工作文件夹“%1”必须是设备上的完整路径，例如 /home/nvidia。</translation>
    </message>
    <message>
        <source>%1 is not installed on this computer (no &quot;%2&quot; command was found). Install it with its Remote - SSH extension, then try again.</source>
        <translation>这台电脑上没有安装 %1（找不到“%2”命令）。请安装它及其 Remote - SSH 扩展，然后重试。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a web address to open.</source>
        <translation>“%1”不是可以打开的网址。</translation>
    </message>
    <message>
        <source>No program to open web pages was found (xdg-open). Open %1 in your browser.</source>
        <translation>找不到用于打开网页的程序（xdg-open）。请在浏览器中打开 %1。</translation>
    </message>
</context>
<context>
    <name>spark::Launcher</name>
    <message>
        <source>Could not start %1. Check that it is installed and works from a terminal.</source>
        <translation>无法启动 %1。请检查它已安装，并且能在终端中运行。</translation>
    </message>
</context>
<context>
    <name>spark::LinkTestCommands</name>
    <message>
        <source>The link test cannot run: %1 &quot;%2&quot; is not valid. Check the cluster&apos;s addresses and re-run the probe.</source>
        <translation>无法运行链路测试：%1“%2”无效。请检查集群的地址，然后重新运行探测。</translation>
    </message>
    <message>
        <source>The link test cannot run: %1 must be between %2 and %3, not %4.</source>
        <translation>无法运行链路测试：%1必须介于 %2 和 %3 之间，当前为 %4。</translation>
    </message>
    <message>
        <source>server address</source>
        <translation>服务器地址</translation>
    </message>
    <message>
        <source>local address</source>
        <translation>本地地址</translation>
    </message>
    <message>
        <source>the TCP port</source>
        <translation>TCP 端口</translation>
    </message>
    <message>
        <source>the number of streams</source>
        <translation>并行流数量</translation>
    </message>
    <message>
        <source>the test length in seconds</source>
        <translation>测试时长（秒）</translation>
    </message>
    <message>
        <source>RoCE device</source>
        <translation>RoCE 设备</translation>
    </message>
    <message>
        <source>the GID index</source>
        <translation>GID 索引</translation>
    </message>
    <message>
        <source>the message size</source>
        <translation>消息大小</translation>
    </message>
    <message>
        <source>the number of iterations</source>
        <translation>迭代次数</translation>
    </message>
    <message>
        <source>interface</source>
        <translation>接口</translation>
    </message>
    <message>
        <source>address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>the number of pings</source>
        <translation>ping 次数</translation>
    </message>
    <message>
        <source>The link test cannot run: there is no command to stop.</source>
        <translation>无法运行链路测试：没有要停止的命令。</translation>
    </message>
    <message>
        <source>The link test cannot run: there is no command to run.</source>
        <translation>链路测试无法运行：没有可运行的命令。</translation>
    </message>
</context>
<context>
    <name>spark::LinkTestHistory</name>
    <message>
        <source>Could not read the earlier link test results %1: %2. Check the file&apos;s permissions.</source>
        <translation>无法读取以往的链路测试结果 %1：%2。请检查该文件的权限。</translation>
    </message>
    <message>
        <source>The earlier link test results in %1 are damaged (%2); move the file aside to start a new history.</source>
        <translation>%1 中以往的链路测试结果已损坏（%2）；请将该文件移到别处，以开始新的历史记录。</translation>
    </message>
    <message>
        <source>Could not save the link test results to %1: %2.</source>
        <translation>无法将链路测试结果保存到 %1：%2。</translation>
    </message>
</context>
<context>
    <name>spark::LinkTestPlanner</name>
    <message>
        <source>%1 and %2 through the switch</source>
        <translation>%1 与 %2 经由交换机</translation>
    </message>
    <message>
        <source>cable %1</source>
        <translation>线缆 %1</translation>
    </message>
    <message>
        <source>The cluster&apos;s address plan has no addresses for %1: apply the cluster&apos;s network first.</source>
        <translation>集群的地址规划中没有 %1 的地址：请先应用集群网络。</translation>
    </message>
    <message>
        <source>The cluster has no links to test: plan a cluster with at least two Sparks first.</source>
        <translation>集群中没有可测试的链路：请先规划一个至少包含两台 Spark 的集群。</translation>
    </message>
    <message>
        <source>%1 shows no RoCE v2 GID for %2 on %3: check that its RoCE device is up (ibdev2netdev) and the cluster&apos;s network is applied, or use --mode tcp.</source>
        <translation>%1 上的 %3 没有对应 %2 的 RoCE v2 GID：请检查其 RoCE 设备已启用（ibdev2netdev）且集群网络配置已应用，或改用 --mode tcp。</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2 上的 %1</translation>
    </message>
    <message>
        <source>%1 on %2 at %3</source>
        <translation>%2 上的 %1 为 %3</translation>
    </message>
    <message>
        <source>The cluster has no link &apos;%1&apos;; its links are %2.</source>
        <translation>该集群没有链路“%1”；它的链路是 %2。</translation>
    </message>
</context>
<context>
    <name>spark::LinkTestRun</name>
    <message>
        <source>A saved link test result is damaged and was skipped.</source>
        <translation>一条已保存的链路测试结果已损坏，已跳过。</translation>
    </message>
</context>
<context>
    <name>spark::LinkTestRunner</name>
    <message>
        <source>A to B</source>
        <translation>A 到 B</translation>
    </message>
    <message>
        <source>B to A</source>
        <translation>B 到 A</translation>
    </message>
    <message>
        <source>both directions at once</source>
        <translation>双向同时</translation>
    </message>
    <message>
        <source>The test from %1 to %2 stopped: %3</source>
        <translation>从 %1 到 %2 的测试已停止：%3</translation>
    </message>
    <message>
        <source>The iperf3 servers on %1 did not start in time: check that iperf3 runs there and try again.</source>
        <translation>%1 上的 iperf3 服务器未能及时启动：请确认 iperf3 能在该节点运行，然后重试。</translation>
    </message>
    <message>
        <source>iperf3 could not start on %1: %2.</source>
        <translation>iperf3 无法在 %1 上启动：%2。</translation>
    </message>
    <message>
        <source>%1 is not among the cluster&apos;s devices: register it and run the link test again.</source>
        <translation>%1 不在集群的设备中：请注册它，然后重新运行链路测试。</translation>
    </message>
    <message>
        <source>Checking the link-test tools on every node.</source>
        <translation>正在检查每个节点上的链路测试工具。</translation>
    </message>
    <message>
        <source>%1 is not installed on %2: install it (sudo apt install %3) and run the link test again.</source>
        <translation>%2 上未安装 %1：请安装（sudo apt install %3），然后重新运行链路测试。</translation>
    </message>
    <message>
        <source>%1 has no address %2 on %3: apply the cluster&apos;s network first (the wizard&apos;s Configure page or &apos;sparkctl cluster apply&apos;).</source>
        <translation>%1 的 %3 上没有地址 %2：请先应用集群网络（向导的“配置”页面或 &apos;sparkctl cluster apply&apos;）。</translation>
    </message>
    <message>
        <source>Pinging both twins of %1.</source>
        <translation>正在 ping %1 的两个孪生接口。</translation>
    </message>
    <message>
        <source>The link test was cancelled; nothing is left running on the nodes.</source>
        <translation>链路测试已取消；节点上没有遗留任何运行中的进程。</translation>
    </message>
    <message>
        <source>Measuring %1, %2.</source>
        <translation>正在测量 %1，%2。</translation>
    </message>
    <message>
        <source>Every link carries what it should.</source>
        <translation>每条链路都达到了应有的速率。</translation>
    </message>
    <message>
        <source>At least one link is below what it should carry.</source>
        <translation>至少有一条链路低于应有的速率。</translation>
    </message>
    <message>
        <source>The ib_write_bw servers on %1 did not start: try the link test again.</source>
        <translation>%1 上的 ib_write_bw 服务端没有启动：请重新运行链路测试。</translation>
    </message>
    <message>
        <source>The ib_write_bw servers on %1 did not start: %2</source>
        <translation>%1 上的 ib_write_bw 服务端没有启动：%2</translation>
    </message>
    <message>
        <source>The ib_write_bw servers on %1 did not start in time: check that perftest runs there and try again.</source>
        <translation>%1 上的 ib_write_bw 服务端没有及时启动：请检查 perftest 能否在那里运行，然后重试。</translation>
    </message>
    <message>
        <source>ib_write_bw could not start on %1: %2.</source>
        <translation>ib_write_bw 无法在 %1 上启动：%2。</translation>
    </message>
    <message>
        <source>%1 on %2 failed on twin %3: %4.</source>
        <translation>%2 上的 %1 在孪生接口 %3 上失败：%4。</translation>
    </message>
    <message>
        <source>%1 has no usable link-local address %2 on %3 any more: check the cable and look for cables again.</source>
        <translation>%1 的 %3 上已没有可用的链路本地地址 %2：请检查线缆，然后重新查找线缆。</translation>
    </message>
    <message>
        <source>Measuring %1 again on its own before calling it slow.</source>
        <translation>在判定 %1 偏慢之前，单独再测一次。</translation>
    </message>
</context>
<context>
    <name>spark::LinkTestScripts</name>
    <message>
        <source>The link test cannot run: its run tag &quot;%1&quot; is not valid.</source>
        <translation>链路测试无法运行：运行标记 &quot;%1&quot; 无效。</translation>
    </message>
    <message>
        <source>The link test cannot run: a tool&apos;s command is not valid.</source>
        <translation>链路测试无法运行：某个工具的命令无效。</translation>
    </message>
    <message>
        <source>%1 did not answer the link test&apos;s first check: check that it is reachable and run the test again.</source>
        <translation>%1 未响应链路测试的初始检查：请确认它可以访问，然后重新运行测试。</translation>
    </message>
    <message>
        <source>The link test cannot run: a tool&apos;s start condition is not valid.</source>
        <translation>链路测试无法运行：某个工具的启动条件无效。</translation>
    </message>
    <message>
        <source>ib_write_bw is not installed on %1: install perftest (sudo apt install perftest) or use --mode tcp.</source>
        <translation>%1 上没有安装 ib_write_bw：请安装 perftest（sudo apt install perftest），或改用 --mode tcp。</translation>
    </message>
</context>
<context>
    <name>spark::LinkVerdict</name>
    <message>
        <source>No traffic crossed %1: check that the cable is plugged in at both ends and that both Sparks have their link addresses.</source>
        <translation>%1 上没有任何流量通过：请确认线缆两端都已插好，且两台 Spark 都已配置链路地址。</translation>
    </message>
    <message>
        <source>Port %1 of %2 negotiated %3G instead of 200G: set the switch port to 200G (for example 200G-baseCR4) with auto-negotiation off.</source>
        <translation>%2 的端口 %1 协商速率为 %3G，而不是 200G：请将交换机端口设为 200G（例如 200G-baseCR4）并关闭自动协商。</translation>
    </message>
    <message>
        <source>Port %1 of %2 negotiated %3G instead of 200G: use a cable rated for 200 Gb/s or more (an approved QSFP112 DAC) and seat it firmly.</source>
        <translation>%2 的端口 %1 协商速率为 %3G，而不是 200G：请使用支持 200 Gb/s 或更高速率的线缆（认证的 QSFP112 DAC），并将其插紧。</translation>
    </message>
    <message>
        <source>packet loss on %1: reseat or replace the cable.</source>
        <translation>%1 上有丢包：请重新插紧或更换线缆。</translation>
    </message>
    <message>
        <source>Port %1 of %2 reaches %3 Gb/s: one twin carries no traffic — both twins must be addressed.</source>
        <translation>%2 的端口 %1 达到 %3 Gb/s：其中一个孪生接口没有流量——两个孪生接口都必须分配地址。</translation>
    </message>
    <message>
        <source>%1 reaches %2 Gb/s (%3 Gb/s expected).</source>
        <translation>%1 达到 %2 Gb/s（预期 %3 Gb/s）。</translation>
    </message>
    <message>
        <source>The link was not measured: run the link test again.</source>
        <translation>该链路未测量：请重新运行链路测试。</translation>
    </message>
    <message>
        <source>%1 runs on one twin only: %2 has no carrier (down), so the link carries half of what it should. Reseat the cable at both ends (pull tab up); if the interface was switched off, switch it on; a restart of both Sparks with the cables in also helps.</source>
        <translation>%1 只在一个孪生接口上运行：%2 没有载波（已断开），因此链路只能承载应有带宽的一半。请在两端重新插好线缆（拉环朝上）；如果该接口被关闭，请将其开启；在插好线缆的情况下重启两台 Spark 也有帮助。</translation>
    </message>
    <message>
        <source>%1 runs on one twin only: %2 have no carrier (down), so the link carries half of what it should. Reseat the cable at both ends (pull tab up); if the interface was switched off, switch it on; a restart of both Sparks with the cables in also helps.</source>
        <translation>%1 只在一个孪生接口上运行：%2 没有载波（已断开），因此链路只能承载应有带宽的一半。请在两端重新插好线缆（拉环朝上）；如果接口被关闭，请将其开启；在插好线缆的情况下重启两台 Spark 也有帮助。</translation>
    </message>
    <message>
        <source> and </source>
        <translation> 和 </translation>
    </message>
    <message>
        <source>%1 reaches %2 Gb/s: %3, below the PCIe Gen5 x4 each twin needs. Update the firmware and BIOS through the guided update, then reboot.</source>
        <translation>%1 达到 %2 Gb/s：%3，低于每个孪生接口所需的 PCIe Gen5 x4。请通过引导式更新升级固件和 BIOS，然后重启。</translation>
    </message>
    <message>
        <source>%1 carries %2 Gb/s (%3 and %4 per twin) while the link reports 200G and PCIe Gen5 x4: the known degraded initialisation after boot or hot-plug — reboot both Sparks with the cables in.</source>
        <translation>%1 只承载 %2 Gb/s（每个孪生接口分别为 %3 和 %4），而链路报告为 200G 且 PCIe 为 Gen5 x4：这是开机或热插拔后已知的降级初始化——请在插好线缆的情况下重启两台 Spark。</translation>
    </message>
    <message>
        <source>%1 carries %2 Gb/s (%3 and %4 per twin) while the link reports 200G: the known degraded initialisation after boot or hot-plug — reboot both Sparks with the cables in.</source>
        <translation>%1 只承载 %2 Gb/s（每个孪生接口分别为 %3 和 %4），而链路报告为 200G：这是开机或热插拔后已知的降级初始化——请在插好线缆的情况下重启两台 Spark。</translation>
    </message>
    <message>
        <source>No twin of %1 has carrier (%2): plug the cable in at both ends (pull tab up) and switch both Sparks on.</source>
        <translation>%1 的所有孪生接口都没有载波（%2）：请在两端插好线缆（拉环朝上）并打开两台 Spark。</translation>
    </message>
    <message>
        <source>%1 reaches %2 Gb/s, %4 % below the %3 Gb/s expected: run the test again with nothing else on the link, and reseat the cable if it stays low.</source>
        <translation>%1 达到 %2 Gb/s，比预期的 %3 Gb/s 低 %4 %：请在链路上没有其他流量时重新测试；如果仍然偏低，请重新插紧线缆。</translation>
    </message>
</context>
<context>
    <name>spark::ModelCopyJob</name>
    <message numerus="yes">
        <source>about %n s left</source>
        <translation>
            <numerusform>约剩 %n 秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %n min left</source>
        <translation>
            <numerusform>约剩 %n 分钟</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 already holds this revision complete; nothing was sent.</source>
        <translation>%1 已有此版本的完整副本；未发送任何内容。</translation>
    </message>
    <message>
        <source>The copy to %1 was cancelled; what arrived whole stays, and the next copy goes on from there.</source>
        <translation>复制到 %1 的操作已取消；已完整到达的文件会保留，下次复制将从中断处继续。</translation>
    </message>
    <message>
        <source>Nothing was sent to %1.</source>
        <translation>未向 %1 发送任何内容。</translation>
    </message>
    <message>
        <source>The copy to %1 failed.</source>
        <translation>复制到 %1 失败。</translation>
    </message>
    <message>
        <source>%1 received %2 from %3, but the check after the copy failed: %4</source>
        <translation>%1 已从 %3 收到 %2，但复制后的检查未通过：%4</translation>
    </message>
    <message>
        <source>it was not checked</source>
        <translation>未经检查</translation>
    </message>
    <message>
        <source>%1 received %2 from %3 in %4 s (%5/s) and checked every file against its hash.</source>
        <translation>%1 在 %4 秒内从 %3 收到 %2（%5/s），并已按哈希逐个检查每个文件。</translation>
    </message>
    <message>
        <source>Reading what every Spark holds of %1.</source>
        <translation>正在读取每台 Spark 上的 %1。</translation>
    </message>
    <message>
        <source>%1 could not be read (%2); nothing was copied. Check that it is on and try again.</source>
        <translation>无法读取 %1（%2）；未复制任何内容。请确认它已开机，然后重试。</translation>
    </message>
    <message>
        <source>no cache folder</source>
        <translation>没有缓存文件夹</translation>
    </message>
    <message>
        <source>The copy was cancelled before anything was sent.</source>
        <translation>复制在发送任何内容之前已取消。</translation>
    </message>
    <message>
        <source>Checking %1 on %2 before it is copied.</source>
        <translation>复制前正在检查 %2 上的 %1。</translation>
    </message>
    <message>
        <source>The copy of %1 on %2 fails its own check, so it is not spread: %3</source>
        <translation>%2 上的 %1 未通过自身检查，因此不会被分发：%3</translation>
    </message>
    <message>
        <source>%1 could not be asked for its free space (%2).</source>
        <translation>无法查询 %1 的可用空间（%2）。</translation>
    </message>
    <message>
        <source>rsync is not installed on %1: install it there (sudo apt install rsync) and copy again.</source>
        <translation>%1 上没有安装 rsync：请在该节点上安装（sudo apt install rsync），然后重新复制。</translation>
    </message>
    <message>
        <source>Nothing was copied.</source>
        <translation>未复制任何内容。</translation>
    </message>
    <message>
        <source>%1: %2 of %3 from %4, %5/s</source>
        <translation>%1：已从 %4 收到 %2 / %3，%5/s</translation>
    </message>
    <message>
        <source>%1 did not receive the model whole, so it could not pass it on to %2.</source>
        <translation>%1 没有收到完整的模型，因此无法将其转发给 %2。</translation>
    </message>
    <message>
        <source>%1: all files arrived; checking each against its hash.</source>
        <translation>%1：所有文件均已到达；正在按哈希逐个检查。</translation>
    </message>
    <message>
        <source>The snapshot of %1 could not be made on %2 (%3); copy again.</source>
        <translation>无法在 %2 上创建 %1 的快照（%3）；请重新复制。</translation>
    </message>
    <message>
        <source>Reading the cluster&apos;s cables…</source>
        <translation>正在读取集群的线缆…</translation>
    </message>
    <message>
        <source>%1 is not a Spark of this cluster.</source>
        <translation>%1 不是这个集群中的 Spark。</translation>
    </message>
    <message>
        <source>%1: downloading %2 from Hugging Face.</source>
        <translation>%1：正在从 Hugging Face 下载 %2。</translation>
    </message>
    <message>
        <source>%1: %2 downloaded from Hugging Face, %3/s</source>
        <translation>%1：已从 Hugging Face 下载 %2，%3/秒</translation>
    </message>
    <message>
        <source>The download was cancelled: what arrived whole on %1 stays, and the next download goes on from there.</source>
        <translation>下载已取消：%1 上已完整到达的文件会保留，下次下载从那里继续。</translation>
    </message>
    <message>
        <source>%1: downloaded %2 (%3).</source>
        <translation>%1：已下载 %2（%3）。</translation>
    </message>
</context>
<context>
    <name>spark::ModelCopyPlanner</name>
    <message>
        <source>%1 has %2 free in %3; the copy needs %4 and leaves %5 for the node&apos;s other work. Free space there (sparkctl model list shows what each model takes) and copy again.</source>
        <translation>%1 的 %3 中可用空间为 %2；复制需要 %4，并需为该节点的其他工作保留 %5。请在那里释放空间（sparkctl model list 会显示每个模型的占用），然后重新复制。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a model id: it looks like org/name (letters, digits, &apos;-&apos;, &apos;_&apos;, &apos;.&apos;).</source>
        <translation>“%1”不是模型 ID：格式应为 组织/名称（字母、数字、&apos;-&apos;、&apos;_&apos;、&apos;.&apos;）。</translation>
    </message>
    <message>
        <source>%1 is not a Spark of this cluster.</source>
        <translation>%1 不是此集群中的 Spark。</translation>
    </message>
    <message>
        <source>%1 does not hold %2 complete (%3): choose a Spark that does as the source.</source>
        <translation>%1 没有完整的 %2（%3）：请选择拥有完整副本的 Spark 作为来源。</translation>
    </message>
    <message>
        <source>it is not in its cache</source>
        <translation>它的缓存中没有该模型</translation>
    </message>
    <message>
        <source>%1 of %2 on %3 is not a link into the model&apos;s blobs, as the Hugging Face cache makes them; it is not copied. Download the model again on %3 (or copy it by hand).</source>
        <translation>%3 上 %2 的 %1 不是 Hugging Face 缓存所建的那种指向模型 blobs 的链接；不会复制它。请在 %3 上重新下载该模型（或手动复制）。</translation>
    </message>
    <message>
        <source>The cache folder of %1 is not known: read the models again (sparkctl model list).</source>
        <translation>%1 的缓存文件夹未知：请重新读取模型（sparkctl model list）。</translation>
    </message>
    <message>
        <source>No cable joins %1 to a Spark that holds or receives %2: check the cabling and the cluster&apos;s set-up (sparkctl cluster verify). The management link is never used for a copy.</source>
        <translation>没有线缆将 %1 连接到拥有或正在接收 %2 的 Spark：请检查布线和集群配置（sparkctl cluster verify）。复制从不使用管理网络。</translation>
    </message>
    <message>
        <source>No Spark of the cluster holds %1 complete: download it on one of them first (hf download %1 on that Spark), or finish a copy that stopped.</source>
        <translation>集群中没有任何 Spark 拥有完整的 %1：请先在其中一台上下载（在该 Spark 上运行 hf download %1），或完成中断的复制。</translation>
    </message>
</context>
<context>
    <name>spark::ModelCopyScript</name>
    <message>
        <source>The model&apos;s folder on %1 or %2 is not a plain absolute path; the copy was not started.</source>
        <translation>%1 或 %2 上的模型文件夹不是普通的绝对路径；未开始复制。</translation>
    </message>
    <message>
        <source>No cable address of %1 is known; the copy was not started.</source>
        <translation>%1 的线缆地址未知；未开始复制。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an IPv4 address; the copy was not started.</source>
        <translation>“%1”不是 IPv4 地址；未开始复制。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a blob&apos;s name; the copy was not started.</source>
        <translation>“%1”不是 blob 的名称；未开始复制。</translation>
    </message>
    <message>
        <source>What arrived whole stays, and the next copy goes on from there.</source>
        <translation>已完整到达的文件会保留，下次复制将从中断处继续。</translation>
    </message>
    <message>
        <source>rsync ended with %1</source>
        <translation>rsync 以 %1 结束</translation>
    </message>
    <message>
        <source>The disk of %1 filled up during the copy (%2). Free space there and copy again. %3</source>
        <translation>复制过程中 %1 的磁盘已满（%2）。请在那里释放空间，然后重新复制。%3</translation>
    </message>
    <message>
        <source>%1 cannot log in to %2 over the cable (%3): the node-to-node SSH of the set-up is missing. Apply the cluster again (sparkctl cluster apply), then copy again.</source>
        <translation>%1 无法通过线缆登录 %2（%3）：缺少配置时建立的节点间 SSH。请重新应用集群配置（sparkctl cluster apply），然后重新复制。</translation>
    </message>
    <message>
        <source>rsync is not installed on %1: install it there (sudo apt install rsync) and copy again.</source>
        <translation>%1 上没有安装 rsync：请在该节点上安装（sudo apt install rsync），然后重新复制。</translation>
    </message>
    <message>
        <source>%1 did not receive the model whole, so it could not pass it on to %2. %3</source>
        <translation>%1 没有收到完整的模型，因此无法将其转发给 %2。%3</translation>
    </message>
    <message>
        <source>The model&apos;s folder on %1 is gone; nothing was sent to %2.</source>
        <translation>%1 上的模型文件夹已不存在；未向 %2 发送任何内容。</translation>
    </message>
    <message>
        <source>The copy from %1 to %2 stopped: %2 stopped answering over the cable (%3). Check the cable and that %2 is on, then copy again. %4</source>
        <translation>从 %1 到 %2 的复制已停止：%2 不再通过线缆响应（%3）。请检查线缆并确认 %2 已开机，然后重新复制。%4</translation>
    </message>
    <message>
        <source>The copy from %1 to %2 stopped (%3). %4</source>
        <translation>从 %1 到 %2 的复制已停止（%3）。%4</translation>
    </message>
    <message>
        <source>The snapshot of %1 cannot be made in &quot;%2&quot;; nothing was changed there.</source>
        <translation>无法在“%2”中创建 %1 的快照；那里未做任何更改。</translation>
    </message>
    <message>
        <source>The ref &quot;%1&quot; of %2 is not a plain name; nothing was changed.</source>
        <translation>%2 的引用“%1”不是普通名称；未做任何更改。</translation>
    </message>
</context>
<context>
    <name>spark::ModelDownload</name>
    <message>
        <source>&quot;%1&quot; is not a model id: it looks like org/name.</source>
        <translation>“%1”不是模型 ID：格式应为 org/name。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a revision: give a branch, a tag or a commit of the model.</source>
        <translation>“%1”不是一个修订版本：请给出该模型的分支、标签或提交。</translation>
    </message>
    <message>
        <source>%1 has no Hugging Face client (hf or huggingface-cli): install it on %1 (pipx install huggingface_hub, or pip install --user huggingface_hub) and get the model again.</source>
        <translation>%1 上没有 Hugging Face 客户端（hf 或 huggingface-cli）：请在 %1 上安装（pipx install huggingface_hub，或 pip install --user huggingface_hub），然后重新获取模型。</translation>
    </message>
    <message>
        <source>Hugging Face has no model %1 that %2 may see: check the name on huggingface.co; a private model needs a token with access (Models → Hugging Face token).</source>
        <translation>Hugging Face 上没有 %2 可以访问的模型 %1：请在 huggingface.co 上核对名称；私有模型需要有访问权限的令牌（模型 → Hugging Face 令牌）。</translation>
    </message>
    <message>
        <source>%1 has no revision &quot;%2&quot; on Hugging Face: give a branch, a tag or a commit the model&apos;s page lists.</source>
        <translation>%1 在 Hugging Face 上没有修订版本“%2”：请给出模型页面列出的分支、标签或提交。</translation>
    </message>
    <message>
        <source>%1 is gated: accept its terms on its Hugging Face page with your account, then give a token of that account (Models → Hugging Face token), and get it again.</source>
        <translation>%1 是受限模型：请用你的账号在其 Hugging Face 页面上接受条款，然后提供该账号的令牌（模型 → Hugging Face 令牌），再重新获取。</translation>
    </message>
    <message>
        <source>Hugging Face refused the token: make a new one (huggingface.co/settings/tokens, read access) and give it again (Models → Hugging Face token).</source>
        <translation>Hugging Face 拒绝了该令牌：请新建一个（huggingface.co/settings/tokens，读取权限），然后重新提供（模型 → Hugging Face 令牌）。</translation>
    </message>
    <message>
        <source>%1&apos;s disk filled up during the download of %2: free space on %1 (or remove a model) and get it again; what arrived whole is kept and the download goes on from there.</source>
        <translation>下载 %2 时 %1 的磁盘已满：请在 %1 上释放空间（或删除一个模型）后重新获取；已完整到达的文件会保留，下载从那里继续。</translation>
    </message>
    <message>
        <source>%1 could not reach Hugging Face (%2): check its internet connection and get the model again; what arrived whole is kept.</source>
        <translation>%1 无法连接 Hugging Face（%2）：请检查它的互联网连接后重新获取模型；已完整到达的文件会保留。</translation>
    </message>
    <message>
        <source>The download of %1 on %2 stopped without saying why: get it again.</source>
        <translation>%2 上 %1 的下载停止了，没有说明原因：请重新获取。</translation>
    </message>
    <message>
        <source>The download of %1 on %2 stopped: %3</source>
        <translation>%2 上 %1 的下载停止了：%3</translation>
    </message>
</context>
<context>
    <name>spark::ModelFit</name>
    <message numerus="yes">
        <source>Does not fit on %n Spark(s): it needs %1 per node, more than the engine&apos;s share of each node&apos;s memory.</source>
        <translation>
            <numerusform>在 %n 台 Spark 上放不下：每个节点需要 %1，超过了推理引擎在每个节点上可用的内存。</numerusform>
        </translation>
    </message>
    <message>
        <source>Fits on one Spark with %1 to spare for the KV cache.</source>
        <translation>一台 Spark 即可放下，还剩 %1 可用于 KV 缓存。</translation>
    </message>
    <message numerus="yes">
        <source>Fits on %n Sparks with %1 to spare per node for the KV cache; not on fewer.</source>
        <translation>
            <numerusform>需要 %n 台 Spark，每个节点还剩 %1 可用于 KV 缓存；更少的节点放不下。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>spark::ModelInventory</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1，另有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Its model.safetensors.index.json cannot be read: the snapshot is damaged.</source>
        <translation>无法读取其 model.safetensors.index.json：该快照已损坏。</translation>
    </message>
    <message>
        <source>The snapshot holds no files.</source>
        <translation>该快照中没有文件。</translation>
    </message>
    <message>
        <source>%1 of %2 shards are missing: %3.</source>
        <translation>%2 个分片中缺少 %1 个：%3。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) point to nothing: %1.</source>
        <translation>
            <numerusform>%n 个文件指向不存在的内容：%1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) point outside the model&apos;s blobs folder: %1.</source>
        <translation>
            <numerusform>%n 个文件指向模型 blobs 文件夹之外：%1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n download(s) or copies of this model did not finish (blobs/*.incomplete, or a copy&apos;s partial files): get or copy it again to go on from there.</source>
        <translation>
            <numerusform>此模型有 %n 次下载或复制未完成（blobs/*.incomplete，或复制留下的部分文件）：重新获取或复制即可从中断处继续。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>spark::ModelInventoryJob</name>
    <message>
        <source>%1 did not finish listing its models; make sure its login shell is a normal shell (bash or sh) and try again.</source>
        <translation>%1 未能列完它的模型；请确认它的登录 shell 是普通 shell（bash 或 sh），然后重试。</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Read the models on %1.</source>
        <translation>已读取 %1 上的模型。</translation>
    </message>
</context>
<context>
    <name>spark::ModelRemover</name>
    <message>
        <source>%1 is not a model folder of a Hugging Face cache; nothing was removed.</source>
        <translation>%1 不是 Hugging Face 缓存中的模型文件夹；未删除任何内容。</translation>
    </message>
    <message>
        <source>None of %1 holds %2: there is nothing to remove.</source>
        <translation>%1 上都没有 %2：没有可删除的内容。</translation>
    </message>
    <message>
        <source>Removing %1 from %2 frees %3</source>
        <translation>从 %2 删除 %1 将释放 %3</translation>
    </message>
    <message>
        <source>%1; no other Spark holds it, so it would have to be downloaded again.</source>
        <translation>%1；其他 Spark 上都没有它，以后需要重新下载。</translation>
    </message>
    <message>
        <source>%1; %2 keeps it.</source>
        <translation>%1；%2 上仍保留它。</translation>
    </message>
    <message>
        <source>%1; %2 keep it.</source>
        <translation>%1；%2 上仍保留它。</translation>
    </message>
    <message>
        <source>%1 could not remove %2 completely: %3. What is left of it is listed as partial; check the folder&apos;s permissions and remove it again.</source>
        <translation>%1 未能完全删除 %2：%3。剩余部分会显示为不完整；请检查文件夹权限后再次删除。</translation>
    </message>
    <message>
        <source>cancelled; nothing was removed there</source>
        <translation>已取消；该处未删除任何内容</translation>
    </message>
    <message>
        <source>%1 does not hold %2.</source>
        <translation>%1 上没有 %2。</translation>
    </message>
    <message>
        <source>Removed %1 from %2 (%3 freed).</source>
        <translation>已从 %2 删除 %1（释放 %3）。</translation>
    </message>
    <message>
        <source>%1 is not a revision of a model of a Hugging Face cache; nothing was removed.</source>
        <translation>%1 不是 Hugging Face 缓存中某个模型的修订版本；没有删除任何内容。</translation>
    </message>
    <message>
        <source>revision %1 of %2</source>
        <translation>%2 的修订版本 %1</translation>
    </message>
</context>
<context>
    <name>spark::ModelVerifyJob</name>
    <message>
        <source>%1 does not hold this model.</source>
        <translation>%1 上没有这个模型。</translation>
    </message>
    <message>
        <source>%1 did not finish checking the model; try again.</source>
        <translation>%1 未能完成模型检查；请重试。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n file(s) of the model are damaged (their content does not match their hash: %2). Remove the model from %1 and copy it again from a Spark where it is complete.</source>
        <translation>
            <numerusform>%1：该模型有 %n 个文件已损坏（内容与其哈希不符：%2）。请从 %1 上删除该模型，再从一台拥有完整模型的 Spark 重新复制。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n file(s) of the model cannot be read (%2): check the disk and the files&apos; permissions.</source>
        <translation>
            <numerusform>%1：该模型有 %n 个文件无法读取（%2）：请检查磁盘和文件权限。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: the files present are whole, but the snapshot is not complete: %2</source>
        <translation>%1：现有文件完好，但快照不完整：%2</translation>
    </message>
    <message numerus="yes">
        <source>%1: complete, %n file(s) checked against their hashes.</source>
        <translation>
            <numerusform>%1：完整，已按哈希检查 %n 个文件。</numerusform>
        </translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Checking %1 on %2.</source>
        <translation>正在检查 %2 上的 %1。</translation>
    </message>
</context>
<context>
    <name>spark::NcclBuildPlan</name>
    <message>
        <source>Installing %1 on %2 (apt-get, as root)…</source>
        <translation>正在 %2 上安装 %1（apt-get，以 root 身份）…</translation>
    </message>
    <message>
        <source>Fetching NCCL %1 on %2 (git clone)…</source>
        <translation>正在 %2 上获取 NCCL %1（git clone）…</translation>
    </message>
    <message>
        <source>Building NCCL %1 on %2 for sm_121 (make src.build; this takes several minutes)…</source>
        <translation>正在 %2 上为 sm_121 构建 NCCL %1（make src.build；需要几分钟）…</translation>
    </message>
    <message>
        <source>Fetching nccl-tests on %1 (git clone)…</source>
        <translation>正在 %1 上获取 nccl-tests（git clone）…</translation>
    </message>
    <message>
        <source>Building nccl-tests on %1 (make MPI=1)…</source>
        <translation>正在 %1 上构建 nccl-tests（make MPI=1）…</translation>
    </message>
</context>
<context>
    <name>spark::NcclBuilder</name>
    <message>
        <source>The build on %1 was cancelled.</source>
        <translation>%1 上的构建已取消。</translation>
    </message>
    <message>
        <source>The build on %1 ended, but: %2</source>
        <translation>%1 上的构建已结束，但：%2</translation>
    </message>
    <message>
        <source>sudo on %1 did not accept the password, so %2 could not be installed; give the right one and build again.</source>
        <translation>%1 上的 sudo 不接受该密码，因此无法安装 %2；请提供正确的密码后再次构建。</translation>
    </message>
    <message>
        <source>sudo on %1 needs a password to install %2: give it (sparkctl: --sudo-password-stdin) and build again.</source>
        <translation>%1 上的 sudo 需要密码才能安装 %2：请提供密码（sparkctl：--sudo-password-stdin）后再次构建。</translation>
    </message>
    <message>
        <source>Installing %1 on %2 failed (apt-get ended with %3): %4</source>
        <translation>在 %2 上安装 %1 失败（apt-get 以 %3 结束）：%4</translation>
    </message>
    <message>
        <source>it said nothing</source>
        <translation>它没有输出任何内容</translation>
    </message>
    <message>
        <source>The build on %1 was cancelled; what was built stays, and the next build goes on from there.</source>
        <translation>%1 上的构建已取消；已构建的部分会保留，下次构建从那里继续。</translation>
    </message>
    <message>
        <source>%1 has a ~/%2 that is not a git checkout and holds no build: move it aside (mv ~/%2 ~/%2.old) and build again.</source>
        <translation>%1 上的 ~/%2 不是 git 检出目录，也不含构建结果：请把它移开（mv ~/%2 ~/%2.old）后再次构建。</translation>
    </message>
    <message>
        <source>%1 on %2 failed (exit code %3): %4</source>
        <translation>%2 上的 %1 失败（退出码 %3）：%4</translation>
    </message>
    <message>
        <source>The build</source>
        <translation>构建</translation>
    </message>
</context>
<context>
    <name>spark::NcclEnvironment</name>
    <message>
        <source>%1 was not read.</source>
        <translation>未读取 %1 的信息。</translation>
    </message>
    <message>
        <source>%1 has no RoCE v2 GID with an IPv4 address on %2 yet (the cluster&apos;s network is not applied there).</source>
        <translation>%1 的 %2 上还没有带 IPv4 地址的 RoCE v2 GID（该节点尚未应用集群网络）。</translation>
    </message>
    <message>
        <source>The cluster has no cabled port.</source>
        <translation>该集群没有已接线的端口。</translation>
    </message>
    <message>
        <source>index %1 on %2</source>
        <translation>%2 上为索引 %1</translation>
    </message>
    <message>
        <source>The RoCE v2 GID index differs between the twins (%1): NCCL takes one index for all of them, so it is left to NCCL.</source>
        <translation>各孪生接口的 RoCE v2 GID 索引不一致（%1）：NCCL 对所有接口只使用一个索引，因此交由 NCCL 自行选择。</translation>
    </message>
</context>
<context>
    <name>spark::NcclPrerequisites</name>
    <message>
        <source>%1 did not say what it has for the NCCL test; run the test again.</source>
        <translation>%1 没有报告它为 NCCL 测试准备了什么；请再运行一次测试。</translation>
    </message>
    <message>
        <source>%1&apos;s home directory could not be read; run the test again.</source>
        <translation>无法读取 %1 的主目录；请再运行一次测试。</translation>
    </message>
    <message>
        <source>%1 has no CUDA toolkit at /usr/local/cuda (nvcc): DGX OS ships it; run the guided update (sparkctl update %1) to restore it.</source>
        <translation>%1 的 /usr/local/cuda 中没有 CUDA 工具包（nvcc）：DGX OS 自带它；请运行引导式更新（sparkctl update %1）来恢复。</translation>
    </message>
    <message>
        <source>%1 has no Open MPI (mpirun): install it there with &quot;sudo apt install openmpi-bin libopenmpi-dev&quot;.</source>
        <translation>%1 没有 Open MPI（mpirun）：请在该机上用 &quot;sudo apt install openmpi-bin libopenmpi-dev&quot; 安装。</translation>
    </message>
    <message>
        <source>%1 lacks Open MPI&apos;s development files (mpi.h), which nccl-tests are built with: install them there with &quot;sudo apt install libopenmpi-dev&quot;.</source>
        <translation>%1 缺少 Open MPI 的开发文件（mpi.h），编译 nccl-tests 需要它们：请在该机上用 &quot;sudo apt install libopenmpi-dev&quot; 安装。</translation>
    </message>
    <message>
        <source>%1 has no NCCL build in ~/nccl/build: build NCCL v2.28.9-1 there as NVIDIA&apos;s NCCL playbook does (make src.build with NVCC_GENCODE for sm_121).</source>
        <translation>%1 的 ~/nccl/build 中没有 NCCL 构建：请按 NVIDIA 的 NCCL 手册在该机上构建 NCCL v2.28.9-1（make src.build，NVCC_GENCODE 设为 sm_121）。</translation>
    </message>
    <message>
        <source>%1 has no nccl-tests in ~/nccl-tests/build: build them there with &quot;make MPI=1&quot; as NVIDIA&apos;s NCCL playbook does.</source>
        <translation>%1 的 ~/nccl-tests/build 中没有 nccl-tests：请按 NVIDIA 的 NCCL 手册在该机上用 &quot;make MPI=1&quot; 构建。</translation>
    </message>
</context>
<context>
    <name>spark::NcclTestHistory</name>
    <message>
        <source>Could not read the earlier NCCL test results %1: %2. Check the file&apos;s permissions.</source>
        <translation>无法读取以前的 NCCL 测试结果 %1：%2。请检查该文件的权限。</translation>
    </message>
    <message>
        <source>The earlier NCCL test results in %1 are damaged (%2); move the file aside to start a new history.</source>
        <translation>%1 中以前的 NCCL 测试结果已损坏（%2）；请把该文件移走，以开始新的历史记录。</translation>
    </message>
    <message>
        <source>Could not save the NCCL test results to %1: %2.</source>
        <translation>无法把 NCCL 测试结果保存到 %1：%2。</translation>
    </message>
</context>
<context>
    <name>spark::NcclTestPlan</name>
    <message>
        <source>Message sizes must be between 8 bytes and 64 GiB.</source>
        <translation>消息大小必须在 8 字节到 64 GiB 之间。</translation>
    </message>
    <message>
        <source>The smallest message size (%1) is larger than the largest (%2).</source>
        <translation>最小消息大小（%1）大于最大消息大小（%2）。</translation>
    </message>
    <message>
        <source>The size step factor must be between 2 and 16.</source>
        <translation>大小的递增倍数必须在 2 到 16 之间。</translation>
    </message>
    <message>
        <source>Iterations must be between 1 and 1000, warm-up iterations between 0 and 1000.</source>
        <translation>迭代次数必须在 1 到 1000 之间，预热次数在 0 到 1000 之间。</translation>
    </message>
    <message>
        <source>The NCCL test needs at least two Sparks.</source>
        <translation>NCCL 测试至少需要两台 Spark。</translation>
    </message>
    <message>
        <source>mpirun cannot reach &quot;%1&quot;: register the Spark under a host name or an IPv4 address.</source>
        <translation>mpirun 无法连到 &quot;%1&quot;：请用主机名或 IPv4 地址注册这台 Spark。</translation>
    </message>
    <message>
        <source>The NCCL test cannot run: %1&apos;s home directory is not usable.</source>
        <translation>NCCL 测试无法运行：%1 的主目录不可用。</translation>
    </message>
    <message>
        <source>The NCCL test cannot run: the setting %1 is not valid.</source>
        <translation>NCCL 测试无法运行：设置 %1 无效。</translation>
    </message>
</context>
<context>
    <name>spark::NcclTestRunner</name>
    <message>
        <source>The NCCL test needs at least two Sparks.</source>
        <translation>NCCL 测试至少需要两台 Spark。</translation>
    </message>
    <message>
        <source>Checking CUDA, Open MPI, NCCL and nccl-tests on every Spark…</source>
        <translation>正在检查每台 Spark 上的 CUDA、Open MPI、NCCL 和 nccl-tests…</translation>
    </message>
    <message>
        <source>The NCCL test was cancelled.</source>
        <translation>NCCL 测试已取消。</translation>
    </message>
    <message>
        <source>Running %1 on %2 Sparks from %3…</source>
        <translation>正在从 %3 在 %2 台 Spark 上运行 %1…</translation>
    </message>
    <message>
        <source>The NCCL test was cancelled; nothing of it runs on the Sparks any more.</source>
        <translation>NCCL 测试已取消；Spark 上已没有它的任何进程在运行。</translation>
    </message>
    <message>
        <source>mpirun ended with exit code %1</source>
        <translation>mpirun 以退出码 %1 结束</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2 上的 %1</translation>
    </message>
    <message>
        <source>Below NVIDIA&apos;s bar: checking each cable for a few seconds to find out why…</source>
        <translation>低于 NVIDIA 的标准：正在逐根检查线缆几秒钟以找出原因…</translation>
    </message>
    <message>
        <source>The cables could not be checked: %1</source>
        <translation>无法检查线缆：%1</translation>
    </message>
</context>
<context>
    <name>spark::NcclVerdict</name>
    <message>
        <source>%1 GB/s (%2 Gb/s)</source>
        <translation>%1 GB/s（%2 Gb/s）</translation>
    </message>
    <message>
        <source>it printed no result</source>
        <translation>它没有输出任何结果</translation>
    </message>
    <message>
        <source>The NCCL test did not finish (%1). Check that every Spark reaches the others over SSH and has the same NCCL build, then run it again.</source>
        <translation>NCCL 测试没有完成（%1）。请检查每台 Spark 都能通过 SSH 连到其他 Spark，并且 NCCL 构建相同，然后再运行一次。</translation>
    </message>
    <message>
        <source>NCCL delivered wrong data: the collective&apos;s results did not check out. Run the test again; if it repeats, save a report for support.</source>
        <translation>NCCL 传出了错误的数据：集合通信的结果校验未通过。请再运行一次测试；如果再次出现，请保存一份报告交给技术支持。</translation>
    </message>
    <message>
        <source>The Sparks have different NCCL builds (%1): build the same release on every Spark (NVIDIA&apos;s playbook uses v2.28.9-1), then run the test again.</source>
        <translation>这些 Spark 的 NCCL 构建不同（%1）：请在每台 Spark 上构建同一版本（NVIDIA 手册使用 v2.28.9-1），然后再运行一次测试。</translation>
    </message>
    <message>
        <source>Bus bandwidth %1 at %2</source>
        <translation>%2 时总线带宽为 %1</translation>
    </message>
    <message>
        <source>%1: at or above NVIDIA&apos;s bar of %2 for %3.</source>
        <translation>%1：达到或超过 NVIDIA 对%3的标准 %2。</translation>
    </message>
    <message>
        <source>%1, below NVIDIA&apos;s bar of %2 for %3</source>
        <translation>%1，低于 NVIDIA 对%3的标准 %2</translation>
    </message>
    <message>
        <source>%1: NCCL fell back to TCP sockets instead of RoCE. Check that every CX-7 port has its address (run &quot;sparkctl cluster verify&quot;) and that NCCL_IB_HCA names the four RoCE devices.</source>
        <translation>%1：NCCL 退回到了 TCP 套接字，而没有使用 RoCE。请检查每个 CX-7 端口都有地址（运行 &quot;sparkctl cluster verify&quot;），并且 NCCL_IB_HCA 列出了四个 RoCE 设备。</translation>
    </message>
    <message>
        <source>%1: about half of what the cables carry, because NCCL uses one of a port&apos;s two HCAs where a twin has no address (%2). Apply the cluster&apos;s plan again so that both twins of every cabled port are addressed.</source>
        <translation>%1：只有线缆能承载的一半左右，因为在某个孪生接口没有地址的地方（%2），NCCL 只用了该端口两个 HCA 中的一个。请再次应用集群的规划，让每个接了线的端口的两个孪生接口都有地址。</translation>
    </message>
    <message>
        <source>%1: the Sparks do not share a RoCE v2 GID index (%2), so NCCL may pick one that is not RoCE v2. Apply the cluster&apos;s plan again, then run the test again.</source>
        <translation>%1：这些 Spark 没有共同的 RoCE v2 GID 索引（%2），因此 NCCL 可能选中一个不是 RoCE v2 的索引。请再次应用集群的规划，然后再运行一次测试。</translation>
    </message>
    <message>
        <source>%1. Run the link test to find the slow cable, reseat it, and run the NCCL test again.</source>
        <translation>%1。请运行链路测试找出较慢的线缆，重新插好，然后再运行一次 NCCL 测试。</translation>
    </message>
    <message>
        <source>two Sparks on one cable</source>
        <translation>一根线缆连接的两台 Spark</translation>
    </message>
    <message>
        <source>a ring of three</source>
        <translation>三台组成的环</translation>
    </message>
    <message>
        <source>Sparks on a switch</source>
        <translation>接在交换机上的 Spark</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1。%2</translation>
    </message>
    <message>
        <source>%1. A short check of each cable found: %2</source>
        <translation>%1。对每根线缆的简短检查发现：%2</translation>
    </message>
    <message>
        <source>%1, while every cable passed a short check of its own. Run the NCCL test again at NVIDIA&apos;s 16 GiB size; if it stays below the bar, save a report for support.</source>
        <translation>%1，而每根线缆单独的简短检查都通过了。请以 NVIDIA 的 16 GiB 大小再次运行 NCCL 测试；如果仍低于标准，请保存一份报告交给支持人员。</translation>
    </message>
</context>
<context>
    <name>spark::NeighbourDiscovery</name>
    <message>
        <source>No ConnectX-7 port was given to look for cables on.</source>
        <translation>未指定要检测线缆的 ConnectX-7 端口。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a ConnectX-7 port of a DGX Spark.</source>
        <translation>“%1”不是 DGX Spark 的 ConnectX-7 端口。</translation>
    </message>
    <message>
        <source>The neighbour list of %1 could not be read.</source>
        <translation>无法读取 %1 的邻居列表。</translation>
    </message>
    <message>
        <source>The cable discovery printed something unexpected.</source>
        <translation>线缆检测输出了意外的内容。</translation>
    </message>
</context>
<context>
    <name>spark::NetplanCheck</name>
    <message>
        <source>netplan on %1 rejects the node&apos;s network settings (%2). Nothing was changed: run `sudo netplan generate` on %1 to see why, fix it, then apply again.</source>
        <translation>%1 上的 netplan 拒绝了该节点的网络设置（%2）。没有做任何更改：请在 %1 上运行 `sudo netplan generate` 查看原因，修复后再应用。</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>未给出原因</translation>
    </message>
    <message>
        <source>netplan on %1 rejects the settings Spark Companion planned for it (line %2: %3). Nothing was changed. This is a bug in Spark Companion: please report it with this sentence.</source>
        <translation>%1 上的 netplan 拒绝了 Spark Companion 为它规划的设置（第 %2 行：%3）。没有做任何更改。这是 Spark Companion 的缺陷：请附上这句话报告给我们。</translation>
    </message>
    <message>
        <source>netplan on %1 rejects %2 (line %3: %4), and DGX OS reads every file in /etc/netplan, so no network change can be applied until it is fixed. Nothing was changed. Fix or remove that file on %1 (`sudo netplan generate` shows the error again), then apply again.</source>
        <translation>%1 上的 netplan 拒绝了 %2（第 %3 行：%4）；DGX OS 会读取 /etc/netplan 中的每个文件，因此在修复之前任何网络更改都无法应用。没有做任何更改。请在 %1 上修复或删除该文件（`sudo netplan generate` 会再次显示错误），然后再应用。</translation>
    </message>
</context>
<context>
    <name>spark::NetplanDocument</name>
    <message>
        <source>This Spark has no cabled port in the plan, so there is nothing to configure on it.</source>
        <translation>规划中这台 Spark 没有需要连线的端口，因此无需对其进行任何配置。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a ConnectX-7 port of a DGX Spark.</source>
        <translation>“%1”不是 DGX Spark 的 ConnectX-7 端口。</translation>
    </message>
    <message>
        <source>%1 appears twice in the address plan.</source>
        <translation>%1 在地址规划中出现了两次。</translation>
    </message>
    <message>
        <source>On %1, %2 also configures %3: it is to be disabled, with a backup, once you agree.</source>
        <translation>在 %1 上，%2 也配置了 %3：经您同意后，将停用该文件并保留备份。</translation>
    </message>
    <message>
        <source>%1 was set up by NVIDIA Sync&apos;s Cluster Assistant: %2 configures %3. It is to be set aside, kept in the backup and given back by a rollback, once you agree.</source>
        <translation>%1 由 NVIDIA Sync 的集群助手（Cluster Assistant）配置过：%2 配置了 %3。经您同意后，它将被移到一旁，保存在备份中，回滚时会放回原处。</translation>
    </message>
    <message>
        <source>%1 was set up by NVIDIA&apos;s playbook script: %2 configures %3. It is to be set aside, kept in the backup and given back by a rollback, once you agree.</source>
        <translation>%1 由 NVIDIA 的 playbook 脚本配置过：%2 配置了 %3。经您同意后，它将被移到一旁，保存在备份中，回滚时会放回原处。</translation>
    </message>
</context>
<context>
    <name>spark::NetworkManagerHandover</name>
    <message numerus="yes">
        <source>On %1, NetworkManager&apos;s DHCP profiles %2 (the DGX OS default) step back for Spark Companion&apos;s; they are not changed, and a rollback gives the ports back to them.</source>
        <translation>
            <numerusform>在 %1 上，NetworkManager 的 DHCP 配置 %2（DGX OS 默认）让位于 Spark Companion 的配置；它们不会被修改，回滚后端口会交还给它们。</numerusform>
        </translation>
    </message>
    <message>
        <source>On %1, your NetworkManager profile &quot;%2&quot; on %3 (%4) is set aside while the cluster runs, once you agree; it is not changed or deleted, and a rollback gives the port back to it.</source>
        <translation>在 %1 上，经您同意后，您在 %3 上的 NetworkManager 配置“%2”（%4）在集群运行期间被搁置；它不会被修改或删除，回滚后端口会交还给它。</translation>
    </message>
    <message numerus="yes">
        <source>On %1, NetworkManager&apos;s DHCP profiles on the planned ports (%n in all, the DGX OS default) step back for Spark Companion&apos;s; they are not changed, and a rollback gives the ports back to them.</source>
        <translation>
            <numerusform>在 %1 上，NetworkManager 在规划端口上的 DHCP 配置（共 %n 个，DGX OS 默认）让位于 Spark Companion 的配置；它们不会被修改，回滚后端口会交还给它们。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>spark::NodeApplier</name>
    <message>
        <source>%1 stopped answering over SSH (%2).</source>
        <translation>%1 已停止响应 SSH（%2）。</translation>
    </message>
    <message>
        <source>%1 refused the sudo password; enter the right one and try again.</source>
        <translation>%1 拒绝了 sudo 密码；请输入正确的密码后重试。</translation>
    </message>
    <message>
        <source>%1 could not do this step: %2 Nothing is kept that was not checked.</source>
        <translation>%1 未能完成此步骤：%2 未经检查的更改都不会保留。</translation>
    </message>
</context>
<context>
    <name>spark::NodeProber</name>
    <message>
        <source>Spark Companion could not run its check on %1; make sure its login shell is a normal shell (bash or sh).</source>
        <translation>Spark 助手无法在 %1 上运行检查；请确认其登录 shell 是常规 shell（bash 或 sh）。</translation>
    </message>
</context>
<context>
    <name>spark::PeerTrustPlanner</name>
    <message>
        <source>The address of %1 (&quot;%2&quot;) is not a hostname or IP address.</source>
        <translation>%1 的地址（“%2”）不是主机名或 IP 地址。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an IP address.</source>
        <translation>“%1”不是 IP 地址。</translation>
    </message>
    <message>
        <source>The node&apos;s public key could not be read.</source>
        <translation>无法读取该节点的公钥。</translation>
    </message>
    <message>
        <source>The node&apos;s host key could not be read.</source>
        <translation>无法读取该节点的主机密钥。</translation>
    </message>
    <message>
        <source>A known_hosts line needs at least one host.</source>
        <translation>known_hosts 条目至少需要一个主机。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a hostname or IP address.</source>
        <translation>“%1”不是主机名或 IP 地址。</translation>
    </message>
    <message>
        <source>The known_hosts line is not valid.</source>
        <translation>该 known_hosts 条目无效。</translation>
    </message>
</context>
<context>
    <name>spark::PeerTrustRunner</name>
    <message>
        <source>%1 stopped answering over SSH (%2).</source>
        <translation>%1 已停止响应 SSH（%2）。</translation>
    </message>
    <message>
        <source>Making the cluster key of %1.</source>
        <translation>正在生成 %1 的集群密钥。</translation>
    </message>
    <message>
        <source>Letting the other nodes log in to %1.</source>
        <translation>正在允许其他节点登录 %1。</translation>
    </message>
    <message>
        <source>%1 reaches every other node over SSH without a prompt.</source>
        <translation>%1 已可通过 SSH 免密登录其他所有节点。</translation>
    </message>
    <message>
        <source>%1 could not do this step: %2</source>
        <translation>%1 未能完成此步骤：%2</translation>
    </message>
    <message>
        <source>Make the cluster key.</source>
        <translation>生成集群密钥。</translation>
    </message>
    <message>
        <source>Read its SSH host key.</source>
        <translation>读取其 SSH 主机密钥。</translation>
    </message>
    <message>
        <source>Set up node-to-node SSH.</source>
        <translation>设置节点之间的 SSH。</translation>
    </message>
</context>
<context>
    <name>spark::PingMesh</name>
    <message>
        <source>&quot;%1&quot; is not a ConnectX-7 port of a DGX Spark.</source>
        <translation>“%1”不是 DGX Spark 的 ConnectX-7 端口。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an IPv4 address.</source>
        <translation>“%1”不是 IPv4 地址。</translation>
    </message>
    <message>
        <source>An MTU of %1 is out of range.</source>
        <translation>MTU 值 %1 超出范围。</translation>
    </message>
    <message>
        <source>The link check printed something unexpected.</source>
        <translation>链路检查输出了意外的内容。</translation>
    </message>
    <message>
        <source>The link check ended early.</source>
        <translation>链路检查提前结束。</translation>
    </message>
    <message>
        <source>%1 cannot send %2-byte packets on %3 because its MTU is smaller: apply the cluster&apos;s network plan again so every port uses MTU %2.</source>
        <translation>%1 无法在 %3 上发送 %2 字节的数据包，因为其 MTU 更小：请重新应用集群的网络规划，使每个端口都使用 MTU %2。</translation>
    </message>
    <message>
        <source>%1 (%2) lost %3 of %4 full-size packets to %5 (%6, %7): reseat that cable and check the link again.</source>
        <translation>%1（%2）发往 %5（%6，%7）的 %4 个满尺寸数据包中丢失了 %3 个：请重新插紧这根线缆，然后再次检查链路。</translation>
    </message>
    <message>
        <source>%1 (%2) cannot reach %3 (%4, %5) with full-size packets: check the cable between them and that both ends use MTU %6.</source>
        <translation>%1（%2）无法用满尺寸数据包访问 %3（%4，%5）：请检查两者之间的线缆，并确认两端都使用 MTU %6。</translation>
    </message>
</context>
<context>
    <name>spark::PortForwarder</name>
    <message>
        <source>A tunnel on local port %1 is already open to %2.</source>
        <translation>本地端口 %1 上已有一条通往 %2 的隧道。</translation>
    </message>
    <message>
        <source>Port %1 on this computer is already in use by another program, so the tunnel to %2 was not opened. Choose another local port.</source>
        <translation>这台电脑上的端口 %1 已被其他程序占用，因此没有打开通往 %2 的隧道。请选择另一个本地端口。</translation>
    </message>
    <message>
        <source>Could not open port %1 on this computer for the tunnel to %2. Choose a port from 1024 to 65535.</source>
        <translation>无法在这台电脑上打开端口 %1 作为通往 %2 的隧道。请选择 1024 到 65535 之间的端口。</translation>
    </message>
</context>
<context>
    <name>spark::QuickCheck</name>
    <message>
        <source>%1 on %2 has no carrier</source>
        <translation>%2 上的 %1 没有载波</translation>
    </message>
    <message>
        <source>%1 on %2 does not see %3 on %4</source>
        <translation>%2 上的 %1 看不到 %4 上的 %3</translation>
    </message>
    <message>
        <source>%1 on %2 sees no twin of %3</source>
        <translation>%2 上的 %1 看不到 %3 的任何孪生接口</translation>
    </message>
    <message>
        <source>%1 was not measured: %2. Check that the cable is pushed in until it clicks on both Sparks, then look for cables again.</source>
        <translation>%1 未被测量：%2。请确认线缆在两台 Spark 上都已插到听见咔嗒声，然后重新查找线缆。</translation>
    </message>
</context>
<context>
    <name>spark::Readiness</name>
    <message>
        <source>port 0 (left)</source>
        <translation>端口 0（左侧）</translation>
    </message>
    <message>
        <source>port 1 (right)</source>
        <translation>端口 1（右侧）</translation>
    </message>
    <message>
        <source>this node</source>
        <translation>此节点</translation>
    </message>
    <message>
        <source>Update %1 to the newest release: in DGX Dashboard (Settings → Updates), or in a terminal on it run `%2`.</source>
        <translation>请将 %1 更新到最新版本：在 DGX Dashboard 中选择 Settings → Updates，或在其终端中运行 `%2`。</translation>
    </message>
    <message>
        <source>%1 has no /etc/dgx-release, so it does not run DGX OS and its release cannot be checked.</source>
        <translation>%1 上没有 /etc/dgx-release，说明它运行的不是 DGX OS，无法检查其版本。</translation>
    </message>
    <message>
        <source>Clustering is supported between DGX Sparks (or OEM GB10 systems) running DGX OS; go on only if you know this system is set up like one.</source>
        <translation>仅支持在运行 DGX OS 的 DGX Spark（或 OEM GB10 系统）之间组建集群；只有确定此系统的配置与之相同时才可继续。</translation>
    </message>
    <message>
        <source>Spark Companion cannot tell whether DGX OS %1 on %2 is the %3 release or later, which clustering needs.</source>
        <translation>Spark 助手无法判断 %2 上的 DGX OS %1 是否为组建集群所需的 %3 或更新版本。</translation>
    </message>
    <message>
        <source>(no version)</source>
        <translation>（无版本号）</translation>
    </message>
    <message>
        <source>%1 runs DGX OS %2, which is older than the %3 release that clustering needs.</source>
        <translation>%1 运行的 DGX OS %2 早于组建集群所需的 %3 版本。</translation>
    </message>
    <message>
        <source>%1 has NVIDIA driver %2, older than %3, the oldest one known to work.</source>
        <translation>%1 的 NVIDIA 驱动为 %2，低于已知可用的最低版本 %3。</translation>
    </message>
    <message>
        <source>nvidia-smi is not installed on %1, so its NVIDIA driver cannot be checked.</source>
        <translation>%1 上未安装 nvidia-smi，因此无法检查其 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>The NVIDIA driver on %1 was updated but the node has not been restarted since, so the GPU cannot be used.</source>
        <translation>%1 上的 NVIDIA 驱动已更新，但该节点之后尚未重启，因此无法使用 GPU。</translation>
    </message>
    <message>
        <source>Restart %1 (sudo reboot); if the GPU is still unusable, run the full update: `%2`.</source>
        <translation>请重启 %1（sudo reboot）；如果 GPU 仍无法使用，请运行完整更新：`%2`。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is not running on %1, so the GPU cannot be used.</source>
        <translation>%1 上的 NVIDIA 驱动未运行，因此无法使用 GPU。</translation>
    </message>
    <message>
        <source>Restart %1; if that does not help, run the full update: `%2`.</source>
        <translation>请重启 %1；如果仍无效，请运行完整更新：`%2`。</translation>
    </message>
    <message>
        <source>nvidia-smi failed on %1, so its NVIDIA driver cannot be checked.</source>
        <translation>nvidia-smi 在 %1 上运行失败，因此无法检查其 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>Run nvidia-smi on %1 to see the error; a restart often helps.</source>
        <translation>请在 %1 上运行 nvidia-smi 查看错误；重启通常能解决问题。</translation>
    </message>
    <message>
        <source>The ConnectX-7 firmware on %1 is %2, older than %3, the oldest one known to work.</source>
        <translation>%1 上的 ConnectX-7 固件为 %2，低于已知可用的最低版本 %3。</translation>
    </message>
    <message>
        <source>No QSFP cable is plugged into %1: its ConnectX-7 ports show no network interfaces.</source>
        <translation>%1 未插入任何 QSFP 线缆：其 ConnectX-7 端口没有显示任何网络接口。</translation>
    </message>
    <message>
        <source>Plug the cables in (pull tab up) as the cabling plan shows, then check again.</source>
        <translation>请按布线规划插好线缆（拉环朝上），然后重新检查。</translation>
    </message>
    <message>
        <source>Only one of the two interfaces of %1 on %2 is up (%3 is down), which halves the link&apos;s speed.</source>
        <translation>%2 的%1 的两个接口中只有一个处于启用状态（%3 已断开），链路速度因此减半。</translation>
    </message>
    <message>
        <source>Reseat the cable (pull tab up) or use an approved 200G cable; if the interface was switched off, switch it on; a restart with the cables in also helps.</source>
        <translation>请重新插紧线缆（拉环朝上）或换用认证的 200G 线缆；如果该接口被停用，请将其启用；在插好线缆的情况下重启也会有帮助。</translation>
    </message>
    <message>
        <source>%1 of %2 negotiated %3 Gb/s instead of %4 Gb/s.</source>
        <translation>%2 的%1 协商速率为 %3 Gb/s，而不是 %4 Gb/s。</translation>
    </message>
    <message>
        <source>Through a switch: set the switch port to 200G (for example 200G-baseCR4) with auto-negotiation off. Direct: use an approved 200G cable, or restart both nodes with the cables in.</source>
        <translation>通过交换机连接时：请将交换机端口设为 200G（例如 200G-baseCR4）并关闭自动协商。直连时：请使用认证的 200G 线缆，或在插好线缆的情况下重启两个节点。</translation>
    </message>
    <message>
        <source>the user</source>
        <translation>该用户</translation>
    </message>
    <message>
        <source>%1 cannot use sudo on %2, and setting up the network needs it.</source>
        <translation>%1 无法在 %2 上使用 sudo，而配置网络需要 sudo 权限。</translation>
    </message>
    <message>
        <source>Connect as a user in the sudo group, or have an administrator run `sudo usermod -aG sudo %1` on %2.</source>
        <translation>请以 sudo 组中的用户身份连接，或请管理员在 %2 上运行 `sudo usermod -aG sudo %1`。</translation>
    </message>
    <message>
        <source>sudo on %1 did not accept the password given for %2.</source>
        <translation>%1 上的 sudo 不接受为 %2 提供的密码。</translation>
    </message>
    <message>
        <source>Enter the password %1 logs in with on %2 (the one for sudo).</source>
        <translation>请输入 %1 登录 %2 时使用的密码（即 sudo 密码）。</translation>
    </message>
    <message>
        <source>sudo asks %1 for a password on %2, so whether it is allowed is only known once the password is entered.</source>
        <translation>在 %2 上，sudo 要求 %1 输入密码，因此只有输入密码后才能确定是否有权使用 sudo。</translation>
    </message>
    <message>
        <source>Enter the sudo password when asked; if sudo is refused, connect as a user in the sudo group.</source>
        <translation>请在提示时输入 sudo 密码；如果 sudo 被拒绝，请以 sudo 组中的用户身份连接。</translation>
    </message>
    <message>
        <source>from NVIDIA&apos;s playbooks</source>
        <translation>来自 NVIDIA 的 playbook</translation>
    </message>
    <message>
        <source>from NVIDIA Sync</source>
        <translation>来自 NVIDIA Sync</translation>
    </message>
    <message>
        <source>from Spark Companion</source>
        <translation>来自 Spark 助手</translation>
    </message>
    <message>
        <source>of unknown origin</source>
        <translation>来源未知</translation>
    </message>
    <message>
        <source>%1 has earlier settings for its ConnectX-7 ports in %2 (%3) that would fight the new ones.</source>
        <translation>%1 的 %2（%3）中已有其 ConnectX-7 端口的旧设置，会与新设置冲突。</translation>
    </message>
    <message>
        <source>Let the network set-up move %1 aside (it keeps a copy), or move it yourself: `sudo mv %1 ~/ &amp;&amp; sudo netplan apply`.</source>
        <translation>可以让网络配置步骤将 %1 移走（会保留一份副本），也可以自行移走：`sudo mv %1 ~/ &amp;&amp; sudo netplan apply`。</translation>
    </message>
    <message>
        <source>The network settings in /etc/netplan on %1 can only be read with sudo, which needs the password.</source>
        <translation>%1 上 /etc/netplan 中的网络设置只能通过 sudo 读取，这需要输入密码。</translation>
    </message>
    <message>
        <source>Enter the sudo password when asked, and they are checked too.</source>
        <translation>在提示时输入 sudo 密码，即可一并检查这些设置。</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2 上为 %1</translation>
    </message>
    <message>
        <source>The check of %1 stopped before it finished.</source>
        <translation>对 %1 的检查未完成就中止了。</translation>
    </message>
    <message>
        <source>Make sure %1 is on and reachable over SSH, then check again.</source>
        <translation>请确认 %1 已开机且可通过 SSH 访问，然后重新检查。</translation>
    </message>
    <message>
        <source>Use the same user name on every node (the one chosen at first boot, for example).</source>
        <translation>请在每个节点上使用相同的用户名（例如首次启动时设置的用户名）。</translation>
    </message>
    <message>
        <source>Give the user the same uid and gid on every node.</source>
        <translation>请在每个节点上为该用户设置相同的 uid 和 gid。</translation>
    </message>
    <message>
        <source>The nodes run different DGX OS releases (%1), and NCCL fails between mixed versions.</source>
        <translation>各节点运行的 DGX OS 版本不同（%1），而 NCCL 在混合版本之间无法工作。</translation>
    </message>
    <message>
        <source>The nodes have different NVIDIA drivers (%1), and NCCL fails between mixed versions.</source>
        <translation>各节点的 NVIDIA 驱动不同（%1），而 NCCL 在混合版本之间无法工作。</translation>
    </message>
    <message>
        <source>The nodes have different CUDA versions (%1), and NCCL fails between mixed versions.</source>
        <translation>各节点的 CUDA 版本不同（%1），而 NCCL 在混合版本之间无法工作。</translation>
    </message>
    <message>
        <source>The nodes have different ConnectX-7 firmware (%1).</source>
        <translation>各节点的 ConnectX-7 固件不同（%1）。</translation>
    </message>
    <message>
        <source>The nodes run different Linux kernels (%1).</source>
        <translation>各节点运行的 Linux 内核不同（%1）。</translation>
    </message>
    <message>
        <source>The nodes have different user names (%1), so MPI and NCCL jobs, which log in as the same user everywhere, need extra set-up.</source>
        <translation>各节点的用户名不同（%1），而 MPI 和 NCCL 作业在每个节点上都以同一用户登录，因此需要额外设置。</translation>
    </message>
    <message>
        <source>The nodes have different user ids (%1), so files on shared storage will belong to the wrong user on some nodes.</source>
        <translation>各节点的用户 ID 不同（%1），因此共享存储上的文件在部分节点上会属于错误的用户。</translation>
    </message>
    <message>
        <source>The nodes have different group ids (%1), so files on shared storage will belong to the wrong group on some nodes.</source>
        <translation>各节点的组 ID 不同（%1），因此共享存储上的文件在部分节点上会属于错误的组。</translation>
    </message>
    <message>
        <source>No ConnectX-7 port of %1 has a link: its cables are out, or the Sparks at their other ends are off.</source>
        <translation>%1 的 ConnectX-7 端口都没有链路：线缆已拔出，或另一端的 Spark 已关机。</translation>
    </message>
    <message>
        <source>Plug the cables in (pull tab up) as the cabling plan shows and switch every Spark on, then check again.</source>
        <translation>按布线方案插好线缆（拉环朝上），打开每台 Spark，然后再检查一次。</translation>
    </message>
    <message>
        <source>NetworkManager is not running on %1, and DGX OS hands its network ports to it (netplan&apos;s renderer): no network setting can take effect.</source>
        <translation>%1 上的 NetworkManager 没有运行，而 DGX OS 把网络端口交给它管理（netplan 的渲染器）：任何网络设置都无法生效。</translation>
    </message>
    <message>
        <source>Start it on %1: `sudo systemctl start NetworkManager`, then check again.</source>
        <translation>在 %1 上启动它：`sudo systemctl start NetworkManager`，然后再检查一次。</translation>
    </message>
    <message>
        <source>Your NetworkManager profile &quot;%1&quot; on %2 gives %3 its own settings (%4); setting the cluster up sets it aside, without changing it, once you agree.</source>
        <translation>%2 上您的 NetworkManager 配置“%1”为 %3 设定了自己的设置（%4）；经您同意后，集群设置会将其搁置，但不会修改它。</translation>
    </message>
    <message>
        <source>Agree when the set-up asks (sparkctl: --disable-conflicting); a rollback gives the port back to it.</source>
        <translation>在设置过程询问时同意（sparkctl：--disable-conflicting）；回滚后端口会交还给它。</translation>
    </message>
    <message>
        <source>%1 (%2) at %3</source>
        <translation>%1（%2）为 %3</translation>
    </message>
    <message>
        <source>The ConnectX-7 of %1 reaches the system over a narrower PCIe link than it should (%2, instead of Gen5 x4), so its ports cannot carry 200 Gb/s.</source>
        <translation>%1 的 ConnectX-7 与系统之间的 PCIe 链路比应有的窄（%2，而不是 Gen5 x4），因此其端口无法承载 200 Gb/s。</translation>
    </message>
    <message>
        <source>Update the firmware and BIOS of %1 through the guided update, then reboot it.</source>
        <translation>请通过引导式更新升级 %1 的固件和 BIOS，然后重启它。</translation>
    </message>
    <message>
        <source>The ConnectX-7 links of %1 had %2 fatal PCIe error(s) since it started; the network card may stop answering at any moment.</source>
        <translation>%1 的 ConnectX-7 链路自启动以来发生了 %2 次致命 PCIe 错误；网卡随时可能停止响应。</translation>
    </message>
    <message>
        <source>Reboot %1; if it happens again, contact support with a report (Save a report for support…, or sparkctl report).</source>
        <translation>请重启 %1；如果再次发生，请带上报告联系支持（“保存支持报告…”，或 sparkctl report）。</translation>
    </message>
    <message>
        <source>The ConnectX-7 links of %1 had %2 uncorrectable PCIe error(s) since it started.</source>
        <translation>%1 的 ConnectX-7 链路自启动以来发生了 %2 次不可纠正的 PCIe 错误。</translation>
    </message>
    <message>
        <source>Reboot %1 when convenient; if the count grows again, contact support with a report.</source>
        <translation>请在方便时重启 %1；如果计数再次增长，请带上报告联系支持。</translation>
    </message>
    <message>
        <source>The ConnectX-7 links of %1 corrected %2 PCIe error(s) since it started; many of them can slow the links down.</source>
        <translation>%1 的 ConnectX-7 链路自启动以来纠正了 %2 次 PCIe 错误；错误过多会使链路变慢。</translation>
    </message>
    <message>
        <source>Check again later: a count that keeps growing means a reboot of %1, and a report to support if it persists.</source>
        <translation>请稍后再次检查：如果计数持续增长，请重启 %1；若问题依旧，请向支持提交报告。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Update %1 to %2 %3, which %4 already run: `%5`.</source>
        <translation>将 %1 更新到 %2 %3（%4 已在使用）：`%5`。</translation>
    </message>
    <message>
        <source>DGX OS</source>
        <translation>DGX OS</translation>
    </message>
    <message>
        <source>NVIDIA driver</source>
        <translation>NVIDIA 驱动</translation>
    </message>
    <message>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <source>ConnectX-7 firmware</source>
        <translation>ConnectX-7 固件</translation>
    </message>
    <message>
        <source>Linux kernel</source>
        <translation>Linux 内核</translation>
    </message>
</context>
<context>
    <name>spark::RecipeReader</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a single value.</source>
        <translation>&quot;%1&quot; 必须是单个值。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a list of NAME: value lines.</source>
        <translation>&quot;%1&quot; 必须是若干行 NAME: value。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has the name &quot;%2&quot;, which is not a name of letters, digits and _.</source>
        <translation>&quot;%1&quot; 中的名字 &quot;%2&quot; 不是由字母、数字和 _ 组成的名字。</translation>
    </message>
    <message>
        <source>%1 in &quot;%2&quot; must be a single value.</source>
        <translation>&quot;%2&quot; 中的 %1 必须是单个值。</translation>
    </message>
    <message>
        <source>%1 in &quot;%2&quot; has a line break or control character.</source>
        <translation>&quot;%2&quot; 中的 %1 含有换行或控制字符。</translation>
    </message>
    <message>
        <source>The recipe is format version %1; this program reads version 1, so fields added later are not understood.</source>
        <translation>配方的格式版本为 %1；本程序读取版本 1，之后新增的字段无法理解。</translation>
    </message>
    <message>
        <source>&quot;cluster_only&quot; must be true or false.</source>
        <translation>&quot;cluster_only&quot; 必须是 true 或 false。</translation>
    </message>
    <message>
        <source>The recipe&apos;s &quot;%1&quot; (patches and build options for eugr&apos;s own image build) is not applied: this program runs the container image as it is on the nodes.</source>
        <translation>配方的 &quot;%1&quot;（eugr 自建镜像的补丁和构建选项）不会被应用：本程序按节点上现有的容器镜像原样运行。</translation>
    </message>
    <message>
        <source>The recipe&apos;s &quot;pull_image&quot; is not applied: this program never pulls an image; it checks that every node has it and says which do not.</source>
        <translation>配方的 &quot;pull_image&quot; 不会被应用：本程序从不拉取镜像；它检查每个节点是否已有该镜像，并指出哪些没有。</translation>
    </message>
    <message>
        <source>The recipe&apos;s field &quot;%1&quot; is not one this program knows; it is not applied.</source>
        <translation>配方的字段 &quot;%1&quot; 不是本程序认识的字段；它不会被应用。</translation>
    </message>
    <message>
        <source>%1 is not valid YAML at line %2: %3</source>
        <translation>%1 第 %2 行不是有效的 YAML：%3</translation>
    </message>
    <message>
        <source>%1 is not a recipe: a recipe is a YAML mapping with name, container and command.</source>
        <translation>%1 不是配方：配方是含有 name、container 和 command 的 YAML 映射。</translation>
    </message>
    <message>
        <source>a field name must be text.</source>
        <translation>字段名必须是文本。</translation>
    </message>
    <message>
        <source>the recipe has no &quot;%1&quot;; name, container and command are required.</source>
        <translation>配方没有 &quot;%1&quot;；name、container 和 command 是必需的。</translation>
    </message>
    <message>
        <source>the recipe&apos;s name is empty.</source>
        <translation>配方的名称为空。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a container image name (such as nvcr.io/nvidia/vllm:25.11-py3).</source>
        <translation>&quot;%1&quot; 不是容器镜像名（例如 nvcr.io/nvidia/vllm:25.11-py3）。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a Hugging Face model id (ORG/NAME).</source>
        <translation>&quot;%1&quot; 不是 Hugging Face 模型 ID（ORG/NAME）。</translation>
    </message>
    <message>
        <source>Could not read the recipe %1: %2</source>
        <translation>无法读取配方 %1：%2</translation>
    </message>
    <message>
        <source>%1 is %2 bytes, too big to be a recipe.</source>
        <translation>%1 有 %2 字节，太大，不可能是配方。</translation>
    </message>
    <message>
        <source>The recipe folder %1 does not exist.</source>
        <translation>配方文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>There is no recipe named &quot;%1&quot;. The shipped ones are %2; give a file&apos;s path for any other.</source>
        <translation>没有名为 &quot;%1&quot; 的配方。随程序提供的有 %2；其他配方请给出文件路径。</translation>
    </message>
</context>
<context>
    <name>spark::ReportCollector</name>
    <message numerus="yes">
        <source>Asking %n node(s) what they see…</source>
        <translation>
            <numerusform>正在询问 %n 个节点的状态…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 answered.</source>
        <translation>%1 已应答。</translation>
    </message>
    <message>
        <source>%1 did not answer (%2); the report says so.</source>
        <translation>%1 没有应答（%2）；报告中会注明。</translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation>正在写入报告…</translation>
    </message>
    <message>
        <source>The report could not be saved to %1: %2</source>
        <translation>无法将报告保存到 %1：%2</translation>
    </message>
    <message>
        <source>The report is saved: %1</source>
        <translation>报告已保存：%1</translation>
    </message>
</context>
<context>
    <name>spark::RunComparison</name>
    <message>
        <source>%1 is new: %2 Gb/s, and the earlier run did not measure it.</source>
        <translation>%1 是新的：%2 Gb/s，上一次运行没有测量它。</translation>
    </message>
    <message>
        <source>%1 was measured before (%2 Gb/s) but not this time.</source>
        <translation>%1 上次测量过（%2 Gb/s），这次没有测量。</translation>
    </message>
    <message>
        <source>%1: %2 → %3 Gb/s</source>
        <translation>%1：%2 → %3 Gb/s</translation>
    </message>
    <message>
        <source>about the same</source>
        <translation>基本不变</translation>
    </message>
    <message>
        <source>%1 (%2), and it now fails.</source>
        <translation>%1（%2），现在未通过。</translation>
    </message>
    <message>
        <source>%1 (%2), and it passes again.</source>
        <translation>%1（%2），现在重新通过。</translation>
    </message>
    <message>
        <source>%1 (%2).</source>
        <translation>%1（%2）。</translation>
    </message>
    <message>
        <source>Compared with the run of %1:</source>
        <translation>与 %1 的运行相比：</translation>
    </message>
</context>
<context>
    <name>spark::RunFile</name>
    <message>
        <source>%1 could not be written: %2. Choose another folder.</source>
        <translation>无法写入 %1：%2。请选择其他文件夹。</translation>
    </message>
</context>
<context>
    <name>spark::SecretStore</name>
    <message>
        <source>No sudo password is remembered for %1.</source>
        <translation>未保存 %1 的 sudo 密码。</translation>
    </message>
    <message>
        <source>The system keychain is not available (%1); nothing was remembered, and you will be asked when it is needed.</source>
        <translation>系统密钥环不可用（%1）；没有记住任何内容，需要时会再询问你。</translation>
    </message>
</context>
<context>
    <name>spark::ServeBenchHistory</name>
    <message>
        <source>Could not read the benchmarks %1: %2</source>
        <translation>无法读取基准测试记录 %1：%2</translation>
    </message>
    <message>
        <source>The benchmarks file %1 is damaged (%2); move it away to start a new one.</source>
        <translation>基准测试文件 %1 已损坏（%2）；请把它移走，以便重新开始记录。</translation>
    </message>
    <message>
        <source>Could not keep the benchmark in %1: %2</source>
        <translation>无法把基准测试保存到 %1：%2</translation>
    </message>
    <message>
        <source>One stream: first token after %1 ms, decode %2 tokens/s%3. %4 streams at once: %5 tokens/s in all%6, first token after %7 ms on average.</source>
        <translation>单个流：%1 毫秒后出现第一个 token，解码 %2 token/s%3。%4 个流同时：合计 %5 token/s%6，平均 %7 毫秒后出现第一个 token。</translation>
    </message>
    <message>
        <source> (%1%2 % on the last run)</source>
        <translation>（比上次 %1%2 %）</translation>
    </message>
</context>
<context>
    <name>spark::ServeBenchJob</name>
    <message>
        <source>One stream of %1 tokens…</source>
        <translation>一个 %1 token 的流…</translation>
    </message>
    <message>
        <source>The API did not answer the benchmark: %1</source>
        <translation>API 没有响应基准测试：%1</translation>
    </message>
    <message>
        <source>%1 streams at once…</source>
        <translation>%1 个流同时进行…</translation>
    </message>
    <message>
        <source>A stream of the benchmark failed: %1</source>
        <translation>基准测试中的一个流失败了：%1</translation>
    </message>
    <message>
        <source>The benchmark was cancelled.</source>
        <translation>基准测试已取消。</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
</context>
<context>
    <name>spark::ServeJob</name>
    <message>
        <source>Removing what the launch started, on every node…</source>
        <translation>正在每个节点上移除这次启动所启动的内容…</translation>
    </message>
    <message>
        <source>Starting the container %1…</source>
        <translation>正在启动容器 %1…</translation>
    </message>
    <message>
        <source>%1 could not start its container: %2</source>
        <translation>%1 无法启动它的容器：%2</translation>
    </message>
    <message>
        <source>The container runs.</source>
        <translation>容器正在运行。</translation>
    </message>
    <message>
        <source>The launch was cancelled.</source>
        <translation>启动已取消。</translation>
    </message>
    <message>
        <source>%1 stopped answering during the launch: %2</source>
        <translation>%1 在启动过程中停止响应：%2</translation>
    </message>
    <message>
        <source>The container on %1 stopped (%2) during the launch.</source>
        <translation>%1 上的容器在启动过程中停止了（%2）。</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>已消失</translation>
    </message>
    <message>
        <source>Ray sees %1 of %2 Sparks…</source>
        <translation>Ray 看到 %2 台 Spark 中的 %1 台…</translation>
    </message>
    <message>
        <source>Ray sees every Spark.</source>
        <translation>Ray 看到了每一台 Spark。</translation>
    </message>
    <message>
        <source>After %1 s Ray on %2 sees %3 of %4 Sparks: a worker cannot reach %2 at %5:%6. Check that cable (sparkctl check) and the nodes&apos; firewalls.</source>
        <translation>%1 秒后 %2 上的 Ray 只看到 %4 台 Spark 中的 %3 台：有工作节点无法通过 %5:%6 连到 %2。请检查那根线缆（sparkctl check）和节点的防火墙。</translation>
    </message>
    <message>
        <source>Starting vLLM on %1…</source>
        <translation>正在 %1 上启动 vLLM…</translation>
    </message>
    <message>
        <source>%1 could not start vLLM in its container: %2</source>
        <translation>%1 无法在它的容器中启动 vLLM：%2</translation>
    </message>
    <message>
        <source>vLLM on %1 ended with status %2 before it was ready.</source>
        <translation>%1 上的 vLLM 在就绪前以状态 %2 结束。</translation>
    </message>
    <message>
        <source>The API answers on port %1 with %2.</source>
        <translation>API 在端口 %1 上响应，提供 %2。</translation>
    </message>
    <message>
        <source>Waiting for vLLM to load %1 (%2 s)…</source>
        <translation>正在等待 vLLM 加载 %1（%2 秒）…</translation>
    </message>
    <message>
        <source>vLLM on %1 did not answer on port %2 within %3 minutes.</source>
        <translation>%1 上的 vLLM 在 %3 分钟内没有在端口 %2 上响应。</translation>
    </message>
    <message>
        <source>The plan has no node.</source>
        <translation>计划中没有节点。</translation>
    </message>
    <message>
        <source>%1 is not registered.</source>
        <translation>%1 未注册。</translation>
    </message>
    <message>
        <source>%1 could not remove the containers: %2</source>
        <translation>%1 无法移除容器：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n container(s) removed.</source>
        <translation>
            <numerusform>已移除 %n 个容器。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>spark::ServeLaunches</name>
    <message>
        <source>Could not read the running models&apos; record %1: %2</source>
        <translation>无法读取运行中模型的记录 %1：%2</translation>
    </message>
    <message>
        <source>The running models&apos; record %1 is damaged (%2); move it away, then stop what runs with sparkctl serve stop --cluster NAME.</source>
        <translation>运行中模型的记录 %1 已损坏（%2）；请把它移走，然后用 sparkctl serve stop --cluster NAME 停止正在运行的内容。</translation>
    </message>
    <message>
        <source>Could not record the running model in %1: %2</source>
        <translation>无法把运行中的模型记录到 %1：%2</translation>
    </message>
</context>
<context>
    <name>spark::ServeNodeReading</name>
    <message>
        <source>Docker is not installed on %1; DGX OS has it: install the package docker.io (or NVIDIA&apos;s container toolkit) there.</source>
        <translation>%1 上没有安装 Docker；DGX OS 自带它：请在那里安装 docker.io 软件包（或 NVIDIA 的容器工具包）。</translation>
    </message>
    <message>
        <source>%1&apos;s user %2 may not use Docker: add it to the docker group there (sudo usermod -aG docker %2), then log in again.</source>
        <translation>%1 上的用户 %2 无权使用 Docker：请在那里把它加入 docker 组（sudo usermod -aG docker %2），然后重新登录。</translation>
    </message>
    <message>
        <source>Docker on %1 did not answer (%2): start it there (sudo systemctl start docker).</source>
        <translation>%1 上的 Docker 没有响应（%2）：请在那里启动它（sudo systemctl start docker）。</translation>
    </message>
</context>
<context>
    <name>spark::ServePlanner</name>
    <message>
        <source>%1 is not in the cluster %2.</source>
        <translation>%1 不在集群 %2 中。</translation>
    </message>
    <message>
        <source>The recipe&apos;s parallel layout (tensor %1 × pipeline %2) is for another number of Sparks; on these %3 it is tensor %4 × pipeline %5.</source>
        <translation>配方的并行布局（张量 %1 × 流水线 %2）是为另一数量的 Spark 设计的；在这 %3 台上改为张量 %4 × 流水线 %5。</translation>
    </message>
    <message>
        <source>The port &quot;%1&quot; is not a TCP port (1 to 65535).</source>
        <translation>端口 &quot;%1&quot; 不是 TCP 端口（1 到 65535）。</translation>
    </message>
    <message>
        <source>The GPU memory fraction &quot;%1&quot; must be above 0 and at most 1 (vLLM&apos;s --gpu-memory-utilization).</source>
        <translation>GPU 内存比例 &quot;%1&quot; 必须大于 0 且不超过 1（vLLM 的 --gpu-memory-utilization）。</translation>
    </message>
    <message>
        <source>%1 must be a whole number above 0, not &quot;%2&quot;.</source>
        <translation>%1 必须是大于 0 的整数，而不是 &quot;%2&quot;。</translation>
    </message>
    <message>
        <source>The recipe runs &quot;%1&quot;; this program launches vLLM&apos;s &quot;vllm serve&quot; only.</source>
        <translation>配方运行的是 &quot;%1&quot;；本程序只启动 vLLM 的 &quot;vllm serve&quot;。</translation>
    </message>
    <message>
        <source>The recipe &quot;%1&quot; says its model is too big for one Spark (cluster_only).</source>
        <translation>配方 &quot;%1&quot; 表明其模型对一台 Spark 来说太大（cluster_only）。</translation>
    </message>
    <message>
        <source>%1 does not have the image %2: pull it there first (docker pull %2).</source>
        <translation>%1 上没有镜像 %2：请先在那里拉取（docker pull %2）。</translation>
    </message>
    <message>
        <source>%1 does not have %2 complete: copy it there first (sparkctl model copy %2).</source>
        <translation>%1 上的 %2 不完整：请先复制过去（sparkctl model copy %2）。</translation>
    </message>
    <message>
        <source>%1 does not have %2 complete (%3): copy it there first (sparkctl model copy %2).</source>
        <translation>%1 上的 %2 不完整（%3）：请先复制过去（sparkctl model copy %2）。</translation>
    </message>
    <message>
        <source>Something on %1 already listens on port %2, which Ray&apos;s head needs: stop it, or stop the model already running there.</source>
        <translation>%1 上已有程序在监听 Ray 头节点需要的端口 %2：请停止它，或停止已在那里运行的模型。</translation>
    </message>
    <message>
        <source>Something on %1 already listens on port %2: stop it, or choose another port.</source>
        <translation>%1 上已有程序在监听端口 %2：请停止它，或换一个端口。</translation>
    </message>
    <message>
        <source>%1 does not fit on one Spark at a memory fraction of %2: %3</source>
        <translation>在内存比例 %2 下，%1 放不进一台 Spark：%3</translation>
    </message>
    <message>
        <source>%1 does not fit on %2 Sparks at a memory fraction of %3: %4</source>
        <translation>在内存比例 %3 下，%1 放不进 %2 台 Spark：%4</translation>
    </message>
    <message>
        <source>The model also fits on one Spark: one Spark per model behind the API is usually faster than tensor parallel across two (a 27B model decoded 22.6 tokens/s on one Spark and 8.1 at tensor parallel 2).</source>
        <translation>这个模型一台 Spark 也放得下：API 后面每个模型用一台 Spark，通常比跨两台做张量并行更快（一个 27B 模型在一台 Spark 上解码 22.6 token/s，张量并行 2 时为 8.1）。</translation>
    </message>
    <message>
        <source>%1&apos;s address on the management network is not known, and a ring&apos;s Ray cluster runs there.</source>
        <translation>%1 在管理网络上的地址未知，而环形集群的 Ray 集群在那里运行。</translation>
    </message>
    <message>
        <source>%1 has no address on the cable or switch that reaches %2; apply the cluster&apos;s network first.</source>
        <translation>%1 在通往 %2 的线缆或交换机上没有地址；请先应用集群的网络配置。</translation>
    </message>
    <message>
        <source>The recipe sets %1; the value planned from this cluster is used instead.</source>
        <translation>配方设置了 %1；改用根据本集群规划出的值。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a launch id (8 lower-case letters and digits).</source>
        <translation>&quot;%1&quot; 不是启动 ID（8 个小写字母和数字）。</translation>
    </message>
    <message>
        <source>Tensor parallel %1 × pipeline parallel %2 needs %3 GPUs, but one Spark has one GPU: both must be 1.</source>
        <translation>张量并行 %1 × 流水线并行 %2 需要 %3 块 GPU，但一台 Spark 只有一块 GPU：两者都必须为 1。</translation>
    </message>
    <message>
        <source>Tensor parallel %1 × pipeline parallel %2 needs %3 GPUs, but %4 Sparks have one GPU each: the two must multiply to %4.</source>
        <translation>张量并行 %1 × 流水线并行 %2 需要 %3 块 GPU，但 %4 台 Spark 各只有一块 GPU：两者的乘积必须是 %4。</translation>
    </message>
    <message>
        <source>Tensor parallel 3 needs the model&apos;s attention heads to divide by 3, which most models&apos; do not: a recipe with pipeline_parallel suits three Sparks better.</source>
        <translation>张量并行 3 要求模型的注意力头数能被 3 整除，而大多数模型不能：带 pipeline_parallel 的配方更适合三台 Spark。</translation>
    </message>
</context>
<context>
    <name>spark::Serving</name>
    <message>
        <source>its caches could not be read</source>
        <translation>无法读取它的缓存</translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>No model of ours runs on %1: start one with sparkctl serve start.</source>
        <translation>%1 上没有运行本程序启动的模型：请用 sparkctl serve start 启动一个。</translation>
    </message>
    <message>
        <source>%1, the launch&apos;s head, is no longer in the cluster %2.</source>
        <translation>这次启动的头节点 %1 已不在集群 %2 中。</translation>
    </message>
    <message>
        <source>No local port is free for the tunnel: %1</source>
        <translation>没有可供隧道使用的本地空闲端口：%1</translation>
    </message>
</context>
<context>
    <name>spark::SessionPolling</name>
    <message>
        <source>%1 is not one of the watched Sparks.</source>
        <translation>%1 不在受监视的 Spark 之列。</translation>
    </message>
</context>
<context>
    <name>spark::SetupProgressStore</name>
    <message>
        <source>Could not read the unfinished set-ups in %1: %2. Check the file&apos;s permissions.</source>
        <translation>无法读取 %1 中未完成的设置：%2。请检查文件权限。</translation>
    </message>
    <message>
        <source>The unfinished set-ups in %1 are damaged (%2). Delete the file; the set-up then starts afresh.</source>
        <translation>%1 中未完成的设置已损坏（%2）。请删除该文件，设置将重新开始。</translation>
    </message>
    <message>
        <source>Could not write %1: %2.</source>
        <translation>无法写入 %1：%2。</translation>
    </message>
</context>
<context>
    <name>spark::SshConfigFile</name>
    <message>
        <source>Could not keep a backup of %1, so it was not changed. Check the folder&apos;s permissions.</source>
        <translation>无法备份 %1，因此未对其进行更改。请检查该文件夹的权限。</translation>
    </message>
    <message>
        <source>Could not write %1: %2.</source>
        <translation>无法写入 %1：%2。</translation>
    </message>
    <message>
        <source>Could not read %1. Check the file&apos;s permissions.</source>
        <translation>无法读取 %1。请检查该文件的权限。</translation>
    </message>
</context>
<context>
    <name>spark::SshConnection</name>
    <message>
        <source>The work on %1 was cancelled.</source>
        <translation>%1 上的操作已取消。</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 seconds. Check that it is switched on and on the network, then try again.</source>
        <translation>%1 在 %2 秒内没有响应。请确认它已开机并已联网，然后重试。</translation>
    </message>
    <message>
        <source>The connection to %1 broke off. Check the network and try again.</source>
        <translation>与 %1 的连接已中断。请检查网络后重试。</translation>
    </message>
    <message>
        <source>Could not start an SSH session: out of memory.</source>
        <translation>无法启动 SSH 会话：内存不足。</translation>
    </message>
    <message>
        <source>%1 answered on port %2 but not as an SSH server. Check the port number.</source>
        <translation>%1 在端口 %2 上有响应，但不是 SSH 服务器。请检查端口号。</translation>
    </message>
    <message>
        <source>Could not find a computer named %1. Check the spelling, or use its IP address.</source>
        <translation>找不到名为 %1 的计算机。请检查拼写，或改用其 IP 地址。</translation>
    </message>
    <message>
        <source>%1 refused the connection on port %2. Check that its SSH server is running and the port is right.</source>
        <translation>%1 拒绝了端口 %2 上的连接。请确认其 SSH 服务器正在运行且端口正确。</translation>
    </message>
    <message>
        <source>%1 cannot be reached from this computer. Check the network cable and the address.</source>
        <translation>无法从本机访问 %1。请检查网线和地址。</translation>
    </message>
    <message>
        <source>%1 did not show a host key. Try again.</source>
        <translation>%1 没有提供主机密钥。请重试。</translation>
    </message>
    <message>
        <source>The host key of %1 has changed, so nothing was run: if the device was reinstalled, delete line %2 of %3 and connect again; otherwise someone may be intercepting the connection.</source>
        <translation>%1 的主机密钥已更改，因此未执行任何操作：如果该设备重装过系统，请删除 %3 的第 %2 行，然后重新连接；否则可能有人正在拦截此连接。</translation>
    </message>
    <message>
        <source>%1 shows the host key %2, not the one that was accepted (%3); nothing was run. Check that the address is right.</source>
        <translation>%1 提供的主机密钥为 %2，与之前接受的密钥（%3）不符；未执行任何操作。请检查地址是否正确。</translation>
    </message>
    <message>
        <source>This is the first connection to %1; its host key fingerprint is %2. Accept it only if it matches the one the device shows.</source>
        <translation>这是首次连接到 %1；其主机密钥指纹为 %2。请仅在它与设备上显示的指纹一致时才接受。</translation>
    </message>
    <message>
        <source>%1 did not accept the password for user %2. Check the user name and the password.</source>
        <translation>%1 不接受用户 %2 的密码。请检查用户名和密码。</translation>
    </message>
    <message>
        <source>%1 did not accept a key login for user %2. Add the device again with its password so its key is installed.</source>
        <translation>%1 拒绝了用户 %2 的密钥登录。请使用密码重新添加该设备，以便安装密钥。</translation>
    </message>
    <message>
        <source>There is no connection to %1. Connect first.</source>
        <translation>尚未连接到 %1。请先建立连接。</translation>
    </message>
    <message>
        <source>%1 refused to run a command. Try again.</source>
        <translation>%1 拒绝执行命令。请重试。</translation>
    </message>
    <message>
        <source>%1 does not allow writing %2. Check the folder&apos;s permissions.</source>
        <translation>%1 不允许写入 %2。请检查该文件夹的权限。</translation>
    </message>
    <message>
        <source>The folder for %2 does not exist on %1.</source>
        <translation>%1 上不存在用于存放 %2 的文件夹。</translation>
    </message>
    <message>
        <source>Could not copy a file to %1. Try again.</source>
        <translation>无法将文件复制到 %1。请重试。</translation>
    </message>
    <message>
        <source>%1 could not reach port %2 of %3 for the tunnel. Check that the service is running there.</source>
        <translation>%1 无法为隧道连接到 %3 的端口 %2。请检查该服务是否在那里运行。</translation>
    </message>
</context>
<context>
    <name>spark::SshKeyPair</name>
    <message>
        <source>Could not create the folder %1 for the program&apos;s SSH key. Check its permissions.</source>
        <translation>无法创建用于存放本程序 SSH 密钥的文件夹 %1。请检查其权限。</translation>
    </message>
    <message>
        <source>Could not run ssh-keygen to make the program&apos;s SSH key. Install the openssh-client package.</source>
        <translation>无法运行 ssh-keygen 来生成本程序的 SSH 密钥。请安装 openssh-client 软件包。</translation>
    </message>
    <message>
        <source>ssh-keygen could not make the program&apos;s SSH key in %1.</source>
        <translation>ssh-keygen 无法在 %1 中生成本程序的 SSH 密钥。</translation>
    </message>
    <message>
        <source>Could not read the program&apos;s public key %1.</source>
        <translation>无法读取本程序的公钥 %1。</translation>
    </message>
    <message>
        <source>The program&apos;s public key %1 is damaged. Delete it and its private key, then try again.</source>
        <translation>本程序的公钥 %1 已损坏。请删除它及对应的私钥，然后重试。</translation>
    </message>
</context>
<context>
    <name>spark::SshSession</name>
    <message>
        <source>The work on %1 was cancelled.</source>
        <translation>%1 上的操作已取消。</translation>
    </message>
    <message>
        <source>The connection to %1 was lost.</source>
        <translation>与 %1 的连接已断开。</translation>
    </message>
</context>
<context>
    <name>spark::SupportReport</name>
    <message>
        <source>No findings: every node is ready.</source>
        <translation>没有发现问题：每个节点都已就绪。</translation>
    </message>
    <message>
        <source>Spark Companion support report, made %1 by Spark Companion %2.

nodes/NAME/ holds what each Spark printed, exactly as received (each file is named after the command that made it); findings.txt and findings.json what Spark Companion concluded; program/ its own settings and logs.

Removed before saving: passwords, private keys, tokens and the serial number%3.
Replay it: sparkctl probe --from-report THIS-FILE
</source>
        <translation>Spark Companion 支持报告，由 Spark Companion %2 于 %1 生成。

nodes/节点名/ 中是每台 Spark 输出的原始内容，与收到的完全一致（每个文件以生成它的命令命名）；findings.txt 和 findings.json 是 Spark Companion 得出的结论；program/ 是程序自身的设置和日志。

保存前已移除：密码、私钥、令牌和序列号%3。
重放：sparkctl probe --from-report 本文件
</translation>
    </message>
    <message>
        <source>; MAC addresses are replaced by a stable hash</source>
        <translation>；MAC 地址已替换为稳定的哈希值</translation>
    </message>
    <message>
        <source>The file is not a Spark Companion support report (it has no report.json).</source>
        <translation>该文件不是 Spark Companion 支持报告（其中没有 report.json）。</translation>
    </message>
    <message>
        <source>The report was made by a newer Spark Companion; update this one to read it.</source>
        <translation>该报告由更新版本的 Spark Companion 生成；请更新本程序后再读取。</translation>
    </message>
</context>
<context>
    <name>spark::TunnelPlanner</name>
    <message>
        <source>DGX Dashboard</source>
        <translation>DGX Dashboard</translation>
    </message>
    <message>
        <source>Give the tunnel a name, such as &quot;Jupyter&quot;.</source>
        <translation>请为隧道命名，例如“Jupyter”。</translation>
    </message>
    <message>
        <source>The port on the device for &quot;%1&quot; must be a number from 1 to 65535.</source>
        <translation>“%1”在设备上的端口必须是 1 到 65535 之间的数字。</translation>
    </message>
    <message>
        <source>The local port for &quot;%1&quot; must be a number from 1024 to 65535.</source>
        <translation>“%1”的本地端口必须是 1024 到 65535 之间的数字。</translation>
    </message>
    <message>
        <source>Local port %1 for &quot;%2&quot; needs administrator rights on this computer; use a port from 1024 to 65535, such as %3.</source>
        <translation>“%2”的本地端口 %1 在这台电脑上需要管理员权限；请使用 1024 到 65535 之间的端口，例如 %3。</translation>
    </message>
    <message>
        <source>The browser path for &quot;%1&quot; must start with &quot;/&quot; and have no spaces, such as &quot;/lab&quot;.</source>
        <translation>“%1”的浏览器路径必须以“/”开头且不含空格，例如“/lab”。</translation>
    </message>
    <message>
        <source>There is already a tunnel named &quot;%1&quot;; choose another name.</source>
        <translation>已有名为“%1”的隧道；请换一个名称。</translation>
    </message>
    <message>
        <source>Local port %1 is already used by the tunnel &quot;%2&quot;; choose another port.</source>
        <translation>本地端口 %1 已被隧道“%2”使用；请选择另一个端口。</translation>
    </message>
    <message>
        <source>Port %1 on this computer is already in use by another program, and so are the next ones. Close the program that uses it, or choose another port.</source>
        <translation>这台电脑上的端口 %1 及其后的几个端口都已被其他程序占用。请关闭占用它的程序，或选择另一个端口。</translation>
    </message>
    <message>
        <source>Port %1 on this computer is already in use by another program. Use port %2 instead, or close the program that uses %1.</source>
        <translation>这台电脑上的端口 %1 已被其他程序占用。请改用端口 %2，或关闭占用 %1 的程序。</translation>
    </message>
</context>
<context>
    <name>spark::UpdateGuide</name>
    <message>
        <source>YOUR-SPARK</source>
        <translation>YOUR-SPARK</translation>
    </message>
    <message>
        <source>Either: open a tunnel with `%1`, browse to %2 (DGX Dashboard) and choose Settings → Updates.</source>
        <translation>方法一：用 `%1` 打开隧道，在浏览器中访问 %2（DGX Dashboard），然后选择 Settings → Updates。</translation>
    </message>
    <message>
        <source>Or, in a terminal on the node, run the full update: `%1`.</source>
        <translation>方法二：在该节点的终端中运行完整更新：`%1`。</translation>
    </message>
    <message>
        <source>Do not update only the NVIDIA driver: that has left GPUs unusable until the full update was run.</source>
        <translation>请勿只更新 NVIDIA 驱动：这曾导致 GPU 无法使用，直到运行完整更新后才恢复。</translation>
    </message>
</context>
<context>
    <name>spark::UpdateRunner</name>
    <message>
        <source>%1 did not restart (exit %2); the updates are installed, restart it yourself.</source>
        <translation>%1 未能重启（退出码 %2）；更新已安装，请自行重启。</translation>
    </message>
    <message>
        <source>nothing was changed yet</source>
        <translation>尚未做任何更改</translation>
    </message>
    <message>
        <source>done before it: %1</source>
        <translation>此前已完成：%1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; on %2 stopped: %3 (%4). Run the update again once %2 is reachable.</source>
        <translation>%2 上的“%1”已停止：%3（%4）。待 %2 可访问后请重新运行更新。</translation>
    </message>
    <message>
        <source>sudo on %1 refused the password; nothing was changed. Enter the password of %2 on %1.</source>
        <translation>%1 上的 sudo 拒绝了该密码；未做任何更改。请输入 %2 在 %1 上的密码。</translation>
    </message>
    <message>
        <source>sudo on %1 needs the password of %2; nothing was changed. Give the password and run the update again.</source>
        <translation>%1 上的 sudo 需要 %2 的密码；未做任何更改。请提供密码并重新运行更新。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; failed on %2 (exit %3; %4). Read its output above, fix the cause and run the update again; %2 was not restarted.</source>
        <translation>“%1”在 %2 上失败（退出码 %3；%4）。请阅读上方输出，排除原因后重新运行更新；%2 未重启。</translation>
    </message>
    <message>
        <source>Waiting for %1 to restart…</source>
        <translation>正在等待 %1 重启…</translation>
    </message>
    <message>
        <source>%1 still answers %2 minutes after the restart was asked for; restart it yourself, then check it again.</source>
        <translation>请求重启 %2 分钟后 %1 仍在响应；请自行重启，然后再次检查。</translation>
    </message>
    <message>
        <source>Waiting for %1 to come back…</source>
        <translation>正在等待 %1 恢复…</translation>
    </message>
    <message>
        <source>%1 did not come back within %2 minutes of its restart; check its screen or power, then check it again.</source>
        <translation>%1 重启后 %2 分钟内未恢复；请检查其屏幕或电源，然后再次检查。</translation>
    </message>
    <message>
        <source>%1 is back; checking it again.</source>
        <translation>%1 已恢复；正在再次检查。</translation>
    </message>
    <message>
        <source>The update of %1 was stopped before it began; nothing was changed.</source>
        <translation>%1 的更新在开始前已停止；未做任何更改。</translation>
    </message>
    <message>
        <source>The update of %1 was stopped after &quot;%2&quot;, before &quot;%3&quot;; nothing is half-done. Run the update again to finish it.</source>
        <translation>%1 的更新在“%2”之后、“%3”之前停止；没有任何步骤只做了一半。再次运行更新即可完成。</translation>
    </message>
</context>
<context>
    <name>spark::UpdateSteps</name>
    <message>
        <source>Refreshing the package lists</source>
        <translation>正在刷新软件包列表</translation>
    </message>
    <message>
        <source>Installing the updated packages</source>
        <translation>正在安装更新的软件包</translation>
    </message>
    <message>
        <source>Refreshing the firmware list</source>
        <translation>正在刷新固件列表</translation>
    </message>
    <message>
        <source>Installing firmware updates</source>
        <translation>正在安装固件更新</translation>
    </message>
    <message>
        <source>Restarting</source>
        <translation>正在重启</translation>
    </message>
</context>
<context>
    <name>spark::VersionPolicy</name>
    <message>
        <source>The version policy file is damaged; reinstall Spark Companion.</source>
        <translation>版本策略文件已损坏；请重新安装 Spark 助手。</translation>
    </message>
    <message>
        <source>The version policy file is missing; reinstall Spark Companion.</source>
        <translation>缺少版本策略文件；请重新安装 Spark 助手。</translation>
    </message>
    <message>
        <source>The version policy %1 cannot be read: %2. Fix its permissions, or remove it to use the built-in policy.</source>
        <translation>无法读取版本策略文件 %1：%2。请修正其权限，或删除它以使用内置策略。</translation>
    </message>
    <message>
        <source>The version policy %1 is not valid (%2): fix it, or remove it to use the built-in policy.</source>
        <translation>版本策略文件 %1 无效（%2）：请修正它，或删除它以使用内置策略。</translation>
    </message>
</context>
<context>
    <name>spark::cx7</name>
    <message>
        <source>left port (next to the network socket)</source>
        <translation>左侧端口（靠近网口）</translation>
    </message>
    <message>
        <source>right port (outer)</source>
        <translation>右侧端口（外侧）</translation>
    </message>
</context>
<context>
    <name>spark::tarArchive</name>
    <message>
        <source>The file is not a report archive, or it is damaged.</source>
        <translation>该文件不是报告归档，或已损坏。</translation>
    </message>
    <message>
        <source>The report archive is cut short.</source>
        <translation>报告归档不完整。</translation>
    </message>
</context>
<context>
    <name>spark::ui::AboutDialog</name>
    <message>
        <source>About Spark Companion</source>
        <translation>关于 Spark 助手</translation>
    </message>
    <message>
        <source>Spark Companion %1</source>
        <translation>Spark 助手 %1</translation>
    </message>
    <message>
        <source>Registers your NVIDIA DGX Sparks, guides the cabling, configures the ConnectX-7 ports, tests every link and watches link health.</source>
        <translation>注册您的 NVIDIA DGX Spark，指导布线，配置 ConnectX-7 端口，测试每条链路并监控链路健康状况。</translation>
    </message>
    <message>
        <source>Free software under the MIT licence. Not affiliated with NVIDIA.</source>
        <translation>基于 MIT 许可证的自由软件。与 NVIDIA 无关联。</translation>
    </message>
    <message>
        <source>Built with Qt %1 and libssh2.</source>
        <translation>使用 Qt %1 和 libssh2 构建。</translation>
    </message>
</context>
<context>
    <name>spark::ui::AddDeviceDialog</name>
    <message>
        <source>Add a Spark</source>
        <translation>添加 Spark</translation>
    </message>
    <message>
        <source>Remember the password for sudo in the system keychain</source>
        <translation>将 sudo 密码保存在系统钥匙串中</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>主机(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>端口(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>用户(&amp;U)：</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>密码(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <source>Spark Companion logs in once with the password, installs its own key on the Spark and uses that key from then on. The password is kept only if you ask below to remember it for sudo.</source>
        <translation>Spark 助手只用密码登录一次，在 Spark 上安装自己的密钥，此后一直使用该密钥。只有在您于下方选择为 sudo 记住密码时，密码才会被保存。</translation>
    </message>
    <message>
        <source>With i&amp;ts address and password</source>
        <translation>使用地址和密码(&amp;T)</translation>
    </message>
    <message>
        <source>With a host I already log in to from ~/.ssh/&amp;config:</source>
        <translation>使用 ~/.ssh/config 中我已能登录的主机(&amp;C)：</translation>
    </message>
</context>
<context>
    <name>spark::ui::CablingPage</name>
    <message>
        <source>&amp;Check cabling</source>
        <translation>检查布线(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Watch the ports while I plug in</source>
        <translation>插线时持续监视端口(&amp;W)</translation>
    </message>
    <message>
        <source>Cabling</source>
        <translation>布线</translation>
    </message>
    <message>
        <source>Plug in each cable where the drawing shows it, pull tab up.</source>
        <translation>按图示插入每根线缆，拉环朝上。</translation>
    </message>
    <message>
        <source>The cables can use the left or the right port: click the port you want on any drawing (or Tab to it and press Space).</source>
        <translation>线缆可以使用左侧或右侧端口：在任一图上点击您想用的端口（或用 Tab 移到该端口并按空格键）。</translation>
    </message>
    <message>
        <source>Cables to plug in, in order</source>
        <translation>需要依次插入的线缆</translation>
    </message>
    <message>
        <source>Approved cables: Amphenol NJAAKK-N911 (0.4 m), NJAAKK0006 (0.5 m), Luxshare LMTQF022-SD-R.</source>
        <translation>认证的线缆：Amphenol NJAAKK-N911（0.4 米）、NJAAKK0006（0.5 米）、Luxshare LMTQF022-SD-R。</translation>
    </message>
    <message>
        <source>Every cable is where the plan wants it.</source>
        <translation>每根线缆都在规划要求的位置。</translation>
    </message>
    <message>
        <source>Cable %1 of %2: %3. Pull tab up, slide it in until it clicks.</source>
        <translation>第 %1 根线缆（共 %2 根）：%3。拉环朝上，推入直到听到咔嗒声。</translation>
    </message>
    <message>
        <source>%1 to the switch</source>
        <translation>%1 到交换机</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 到 %2</translation>
    </message>
    <message>
        <source>Looking for cables on every Spark…</source>
        <translation>正在每台 Spark 上查找线缆…</translation>
    </message>
    <message>
        <source>Not every Spark answered, so the cabling could not be checked.</source>
        <translation>并非每台 Spark 都有响应，因此无法检查布线。</translation>
    </message>
    <message>
        <source>The cabling matches the plan.</source>
        <translation>布线与规划一致。</translation>
    </message>
    <message>
        <source>One thing to fix; the drawing shows where.</source>
        <translation>有一处需要修正；图中标出了位置。</translation>
    </message>
    <message>
        <source>%1 things to fix; the drawing shows where.</source>
        <translation>有 %1 处需要修正；图中标出了位置。</translation>
    </message>
    <message>
        <source>Measuring both twins of every cable for a few seconds, to catch a link that came up slow…</source>
        <translation>正在对每根线缆的两个孪生接口各测量几秒钟，以发现启动后速率偏低的链路…</translation>
    </message>
    <message>
        <source>The quick check could not run: %1</source>
        <translation>快速检查无法运行：%1</translation>
    </message>
    <message>
        <source>Quick check: every cable carries what it should.</source>
        <translation>快速检查：每根线缆的带宽都达到应有水平。</translation>
    </message>
    <message>
        <source>Quick check: fix what is marked ✗ before you set up the cluster, then check the cabling again.</source>
        <translation>快速检查：请先修复标有 ✗ 的问题再设置集群，然后重新检查布线。</translation>
    </message>
</context>
<context>
    <name>spark::ui::CablingPictureBuilder</name>
    <message>
        <source>Spark %1</source>
        <translation>Spark %1</translation>
    </message>
    <message>
        <source>%1 · port %2</source>
        <translation>%1 · 端口 %2</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>the switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>cable %1</source>
        <translation>线缆 %1</translation>
    </message>
    <message>
        <source>wrong</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>move here</source>
        <translation>移到这里</translation>
    </message>
</context>
<context>
    <name>spark::ui::ChecksPage</name>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>ready, with warnings</source>
        <translation>就绪（有警告）</translation>
    </message>
    <message>
        <source>not ready</source>
        <translation>未就绪</translation>
    </message>
    <message>
        <source>I have read the &amp;warnings and want to go on anyway</source>
        <translation>我已阅读警告(&amp;W)，仍要继续</translation>
    </message>
    <message>
        <source>Check &amp;again</source>
        <translation>再次检查(&amp;A)</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Software versions, sudo and ports, checked on every Spark.</source>
        <translation>在每台 Spark 上检查软件版本、sudo 权限和端口。</translation>
    </message>
    <message>
        <source>Every Spark is read at once over SSH; nothing is changed. A red finding must be fixed before the set-up can go on, each with what to do.</source>
        <translation>通过 SSH 同时读取每台 Spark，不做任何更改。红色问题必须先修正才能继续设置，每条都附有处理方法。</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>处理方法</translation>
    </message>
    <message>
        <source>Findings per Spark</source>
        <translation>各 Spark 的检查结果</translation>
    </message>
    <message>
        <source>Reading %1 Sparks…</source>
        <translation>正在读取 %1 台 Spark…</translation>
    </message>
    <message>
        <source>%1: could not be read</source>
        <translation>%1：无法读取</translation>
    </message>
    <message>
        <source>Check that it is on and answers, then press “Check again”.</source>
        <translation>请确认它已开机并有响应，然后点击“再次检查”。</translation>
    </message>
    <message>
        <source>%1: reading…</source>
        <translation>%1：正在读取…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>The cluster as a whole</source>
        <translation>整个集群</translation>
    </message>
    <message>
        <source>How to update:</source>
        <translation>如何更新：</translation>
    </message>
    <message>
        <source>Every Spark is ready.</source>
        <translation>每台 Spark 都已就绪。</translation>
    </message>
    <message>
        <source>The cluster can be set up, but read the warnings first.</source>
        <translation>可以设置集群，但请先阅读警告。</translation>
    </message>
    <message>
        <source>Fix the red findings, then press “Check again”.</source>
        <translation>请修正红色问题，然后点击“再次检查”。</translation>
    </message>
    <message>
        <source>The same on every Spark</source>
        <translation>每台 Spark 相同的结果</translation>
    </message>
</context>
<context>
    <name>spark::ui::ClusterActions</name>
    <message>
        <source>Verify the cabling</source>
        <translation>检查布线</translation>
    </message>
    <message>
        <source>Roll back</source>
        <translation>回滚</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <source>Reading the Sparks of %1 for the export…</source>
        <translation>正在读取 %1 的各台 Spark 以便导出…</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>Saved %1. %2</source>
        <translation>已保存 %1。%2</translation>
    </message>
    <message>
        <source>Delete the cluster</source>
        <translation>删除集群</translation>
    </message>
    <message>
        <source>Delete the cluster %1 from this computer?</source>
        <translation>要从这台计算机上删除集群 %1 吗？</translation>
    </message>
    <message>
        <source>It leaves the app&apos;s list of clusters and sparkctl&apos;s, and its kept link-test and NCCL results are deleted with it; its Sparks stay registered. Nothing on the Sparks changes: the ConnectX-7 addresses the set-up gave them stay until the cluster is rolled back, and rolling back needs the cluster, so roll back first to undo them.</source>
        <translation>它将从本应用和 sparkctl 的集群列表中移除，保存的链路测试和 NCCL 结果也一并删除；其中的 Spark 仍保持注册。Spark 上的任何内容都不会改变：配置时分配给它们的 ConnectX-7 地址会一直保留，直到集群被回滚；而回滚需要这个集群，所以若要撤销这些地址，请先回滚。</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>Deleted the cluster %1.</source>
        <translation>已删除集群 %1。</translation>
    </message>
</context>
<context>
    <name>spark::ui::ClusterPanel</name>
    <message>
        <source>Two Sparks, direct</source>
        <translation>两台 Spark，直连</translation>
    </message>
    <message>
        <source>Three Sparks, ring</source>
        <translation>三台 Spark，环形</translation>
    </message>
    <message>
        <source>%1 Sparks through a switch</source>
        <translation>%1 台 Spark，经交换机连接</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2, slowest %3 at %4 Gb/s</source>
        <translation>%1：%2，最慢的是%3，%4 Gb/s</translation>
    </message>
    <message>
        <source>Health:</source>
        <translation>健康：</translation>
    </message>
    <message>
        <source>Link test:</source>
        <translation>链路测试：</translation>
    </message>
    <message>
        <source>NCCL test:</source>
        <translation>NCCL 测试：</translation>
    </message>
    <message>
        <source>Link &amp;health…</source>
        <translation>链路健康(&amp;H)…</translation>
    </message>
    <message>
        <source>Run the &amp;link test…</source>
        <translation>运行链路测试(&amp;L)…</translation>
    </message>
    <message>
        <source>Run the &amp;NCCL test…</source>
        <translation>运行 &amp;NCCL 测试…</translation>
    </message>
    <message>
        <source>&amp;Verify the cabling…</source>
        <translation>检查布线(&amp;V)…</translation>
    </message>
    <message>
        <source>&amp;Roll back…</source>
        <translation>回滚(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Delete the cluster…</source>
        <translation>删除集群(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>MPI &amp;hostfile…</source>
        <translation>MPI &amp;hostfile…</translation>
    </message>
    <message>
        <source>&amp;NCCL environment…</source>
        <translation>&amp;NCCL 环境变量…</translation>
    </message>
    <message>
        <source>&amp;Ansible inventory…</source>
        <translation>&amp;Ansible 清单…</translation>
    </message>
    <message>
        <source>&amp;vLLM commands…</source>
        <translation>&amp;vLLM 命令…</translation>
    </message>
    <message>
        <source>Watched; waiting for the Sparks&apos; first answer.</source>
        <translation>正在监视；等待各台 Spark 的首次应答。</translation>
    </message>
    <message>
        <source>Not watched: Link health polls it while its window is open.</source>
        <translation>未监视：链路健康窗口打开时才会轮询它。</translation>
    </message>
    <message>
        <source>Not run yet.</source>
        <translation>尚未运行。</translation>
    </message>
</context>
<context>
    <name>spark::ui::ClustersPage</name>
    <message>
        <source>No cluster yet</source>
        <translation>还没有集群</translation>
    </message>
    <message>
        <source>Set up a cluster to cable two or more Sparks together: it shows up here with its drawing, its health and its last tests.</source>
        <translation>配置一个集群，把两台或更多 Spark 用线缆连在一起：它会显示在这里，附带连线图、健康状况和最近的测试。</translation>
    </message>
    <message>
        <source>Set up a &amp;cluster…</source>
        <translation>配置集群(&amp;C)…</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>集群</translation>
    </message>
</context>
<context>
    <name>spark::ui::ConfigurePage</name>
    <message>
        <source>Runs its new settings; every link checked.</source>
        <translation>已使用新设置；每条链路均已检查。</translation>
    </message>
    <message>
        <source>Nothing was changed.</source>
        <translation>未做任何更改。</translation>
    </message>
    <message>
        <source>Back on its earlier settings.</source>
        <translation>已恢复原来的设置。</translation>
    </message>
    <message>
        <source>Could not be reached; it restores its earlier settings by itself within %1 seconds.</source>
        <translation>无法访问；它会在 %1 秒内自动恢复原来的设置。</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>应用(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Stop and undo</source>
        <translation>停止并撤销(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Roll back</source>
        <translation>回滚(&amp;R)</translation>
    </message>
    <message>
        <source>Configure</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Give every ConnectX-7 port its address, safely, with automatic undo.</source>
        <translation>为每个 ConnectX-7 端口分配地址，安全可靠，出错自动撤销。</translation>
    </message>
    <message>
        <source>Each Spark keeps a backup of its network settings and puts it back by itself unless every link is checked within %1 seconds. Nothing changes until you press Apply.</source>
        <translation>每台 Spark 都会备份其网络设置，除非在 %1 秒内检查通过每条链路，否则会自动恢复。在您点击“应用”之前不会有任何更改。</translation>
    </message>
    <message>
        <source>Spark</source>
        <translation>Spark</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>接口</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>Address plan</source>
        <translation>地址规划</translation>
    </message>
    <message>
        <source>the same on every Spark</source>
        <translation>每台 Spark 相同</translation>
    </message>
    <message>
        <source>sudo &amp;password:</source>
        <translation>sudo 密码(&amp;P)：</translation>
    </message>
    <message>
        <source>Left empty, the password remembered in the keychain for each Spark is used.</source>
        <translation>留空时，使用钥匙串中为每台 Spark 记住的密码。</translation>
    </message>
    <message>
        <source>The keychain did not answer: type the sudo password above and press the button again. Nothing was changed.</source>
        <translation>钥匙串没有响应：请在上方输入 sudo 密码，然后再次点击按钮。未做任何更改。</translation>
    </message>
    <message>
        <source>Reading the network settings of every Spark…</source>
        <translation>正在读取每台 Spark 的网络设置…</translation>
    </message>
    <message>
        <source>Stopped before anything was changed.</source>
        <translation>已在任何更改之前停止。</translation>
    </message>
    <message>
        <source>Already runs this plan.</source>
        <translation>已在使用此规划。</translation>
    </message>
    <message>
        <source>%1 already runs this plan; nothing was changed.</source>
        <translation>%1 已在使用此规划；未做任何更改。</translation>
    </message>
    <message>
        <source>Applying on every Spark…</source>
        <translation>正在每台 Spark 上应用…</translation>
    </message>
    <message>
        <source>Every Spark runs its new network settings, and every link answered.</source>
        <translation>每台 Spark 都已使用新的网络设置，且每条链路都有响应。</translation>
    </message>
    <message>
        <source>Stopped: every Spark that was changed is back on its earlier settings.</source>
        <translation>已停止：每台被更改的 Spark 都已恢复原来的设置。</translation>
    </message>
    <message>
        <source>The apply did not finish: %1 Every Spark that was changed is back on its earlier settings; fix the cause and press Apply again.</source>
        <translation>应用未完成：%1 每台被更改的 Spark 都已恢复原来的设置；请排除原因后再次点击“应用”。</translation>
    </message>
    <message>
        <source>Stopping; undoing the changes made so far…</source>
        <translation>正在停止；正在撤销已做的更改…</translation>
    </message>
    <message>
        <source>Restoring the settings from before the first apply…</source>
        <translation>正在恢复首次应用之前的设置…</translation>
    </message>
    <message>
        <source>Every Spark is back on the network settings it had before the first apply.</source>
        <translation>每台 Spark 都已恢复首次应用之前的网络设置。</translation>
    </message>
    <message>
        <source>&amp;Set the earlier settings for these ports aside (files stay in the backup, profiles unchanged)</source>
        <translation>搁置这些端口之前的设置（文件保留在备份中，配置保持不变）(&amp;S)</translation>
    </message>
    <message>
        <source>Earlier network settings configure the same ports: tick the box to set them aside, then press Apply again. Nothing was changed.</source>
        <translation>之前的网络设置配置了相同的端口：勾选复选框将其搁置，然后再次点击“应用”。没有做任何更改。</translation>
    </message>
</context>
<context>
    <name>spark::ui::DailyController</name>
    <message>
        <source>Device not found</source>
        <translation>找不到设备</translation>
    </message>
    <message>
        <source>%1 is no longer registered. Add it again from the main window.</source>
        <translation>%1 已不再登记。请在主窗口中重新添加它。</translation>
    </message>
    <message>
        <source>Could not connect to %1</source>
        <translation>无法连接到 %1</translation>
    </message>
    <message>
        <source>Terminal</source>
        <translation>终端</translation>
    </message>
    <message>
        <source>Could not open the tunnel to %1</source>
        <translation>无法打开通往 %1 的隧道</translation>
    </message>
    <message>
        <source>Could not open the browser</source>
        <translation>无法打开浏览器</translation>
    </message>
    <message>
        <source>The tunnel is open: open %1 in your browser.</source>
        <translation>隧道已打开：请在浏览器中打开 %1。</translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
</context>
<context>
    <name>spark::ui::DailySettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Start-up</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>Start Spark Companion at login, in the notification area</source>
        <translation>登录时启动 Spark Companion，并驻留在通知区域</translation>
    </message>
    <message>
        <source>Apps</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>%1 (not installed)</source>
        <translation>%1（未安装）</translation>
    </message>
    <message>
        <source>Terminal:</source>
        <translation>终端：</translation>
    </message>
    <message>
        <source>Installed; opens the device&apos;s working folder with Remote - SSH.</source>
        <translation>已安装；通过 Remote - SSH 打开设备的工作文件夹。</translation>
    </message>
    <message>
        <source>Not installed; install it to open devices from the menu.</source>
        <translation>未安装；安装后即可从菜单打开设备。</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Working folder:</source>
        <translation>工作文件夹：</translation>
    </message>
    <message>
        <source>Ports: each opens a tunnel from this computer to the device (DGX Dashboard, port 11000, is always there).</source>
        <translation>端口：每个端口都会打开一条从这台电脑到设备的隧道（DGX Dashboard 的端口 11000 始终存在）。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Local port</source>
        <translation>本地端口</translation>
    </message>
    <message>
        <source>Device port</source>
        <translation>设备端口</translation>
    </message>
    <message>
        <source>Browser path</source>
        <translation>浏览器路径</translation>
    </message>
    <message>
        <source>Add port</source>
        <translation>添加端口</translation>
    </message>
    <message>
        <source>Remove port</source>
        <translation>删除端口</translation>
    </message>
    <message>
        <source>Jupyter</source>
        <translation>Jupyter</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>the working folder must be a full path, such as /home/nvidia.</source>
        <translation>工作文件夹必须是完整路径，例如 /home/nvidia。</translation>
    </message>
    <message>
        <source>Watch the clusters&apos; link health in the background</source>
        <translation>在后台监视集群的链路健康</translation>
    </message>
    <message>
        <source>Alerts appear as desktop notifications.</source>
        <translation>告警以桌面通知显示。</translation>
    </message>
    <message>
        <source>Each Spark is polled every %1 seconds while no link-health window shows its cluster, every second while one does.</source>
        <translation>没有链路健康窗口显示其集群时，每 %1 秒轮询一次每台 Spark；有窗口显示时每秒一次。</translation>
    </message>
</context>
<context>
    <name>spark::ui::DeviceDetailPanel</name>
    <message>
        <source>Check again</source>
        <translation>再次检查</translation>
    </message>
    <message>
        <source>Update</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>Update and restart…</source>
        <translation>更新并重启…</translation>
    </message>
    <message>
        <source>No Spark selected</source>
        <translation>未选择 Spark</translation>
    </message>
    <message>
        <source>Select a Spark in the list to see its hardware, software and readiness for a cluster.</source>
        <translation>在列表中选择一台 Spark，查看其硬件、软件以及组建集群的就绪情况。</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>正在检查 %1…</translation>
    </message>
    <message>
        <source>Checked at %1.</source>
        <translation>检查于 %1。</translation>
    </message>
    <message>
        <source>Save a report for support…</source>
        <translation>保存支持报告…</translation>
    </message>
    <message>
        <source>Everything this Spark says about itself, in one file for support; passwords, keys and the serial number are left out.</source>
        <translation>把这台 Spark 报告的全部信息保存为一个文件发给支持人员；不包含密码、密钥和序列号。</translation>
    </message>
    <message>
        <source>Remove…</source>
        <translation>移除…</translation>
    </message>
    <message>
        <source>Forget this Spark on this computer; nothing on the Spark changes.</source>
        <translation>在这台计算机上忘记这台 Spark；Spark 本身不会有任何改变。</translation>
    </message>
    <message>
        <source>&amp;Actions</source>
        <translation>操作(&amp;A)</translation>
    </message>
    <message>
        <source>Connect, open a terminal, VS Code, Cursor or the DGX Dashboard, forward a port: what the tray offers for this Spark.</source>
        <translation>连接、打开终端、VS Code、Cursor 或 DGX Dashboard、转发端口：即托盘为这台 Spark 提供的操作。</translation>
    </message>
</context>
<context>
    <name>spark::ui::DeviceListModel</name>
    <message>
        <source>This host has no /etc/dgx-release: it is managed as a generic Linux host.</source>
        <translation>此主机没有 /etc/dgx-release：将作为普通 Linux 主机管理。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>SSH alias</source>
        <translation>SSH 别名</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>在线</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>spark::ui::DeviceMenu</name>
    <message>
        <source>Connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>Connection failed</source>
        <translation>连接失败</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation>断开连接</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Open DGX Dashboard</source>
        <translation>打开 DGX Dashboard</translation>
    </message>
    <message>
        <source>Open Terminal</source>
        <translation>打开终端</translation>
    </message>
    <message>
        <source>Open in VS Code</source>
        <translation>在 VS Code 中打开</translation>
    </message>
    <message>
        <source>VS Code (not installed)</source>
        <translation>VS Code（未安装）</translation>
    </message>
    <message>
        <source>Open in Cursor</source>
        <translation>在 Cursor 中打开</translation>
    </message>
    <message>
        <source>Cursor (not installed)</source>
        <translation>Cursor（未安装）</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>%1 (localhost:%2 → %3)</source>
        <translation>%1（localhost:%2 → %3）</translation>
    </message>
</context>
<context>
    <name>spark::ui::DevicesPage</name>
    <message>
        <source>Move &amp;up</source>
        <translation>上移(&amp;U)</translation>
    </message>
    <message>
        <source>Move &amp;down</source>
        <translation>下移(&amp;D)</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Pick the Sparks that form the cluster and put them in order.</source>
        <translation>选择组成集群的 Spark 并排好顺序。</translation>
    </message>
    <message>
        <source>Cluster &amp;name:</source>
        <translation>集群名称(&amp;N)：</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Registered devices; tick the ones to use</source>
        <translation>已注册的设备；勾选要使用的设备</translation>
    </message>
    <message>
        <source>&amp;Add a Spark…</source>
        <translation>添加 Spark(&amp;A)…</translation>
    </message>
    <message>
        <source>Check &amp;status</source>
        <translation>检查状态(&amp;S)</translation>
    </message>
    <message>
        <source>Tick the Sparks of the cluster. Their order gives their place in the cabling plan: the first is Spark 1. Sparks are added once with their password; after that the program logs in with its own key.</source>
        <translation>勾选集群中的 Spark。顺序决定其在布线规划中的位置：第一台为 Spark 1。每台 Spark 只需用密码添加一次，此后程序使用自己的密钥登录。</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>online</source>
        <translation>在线</translation>
    </message>
    <message>
        <source>offline: %1</source>
        <translation>离线：%1</translation>
    </message>
    <message>
        <source>Spark %1</source>
        <translation>Spark %1</translation>
    </message>
    <message>
        <source>No Spark is registered yet: add each one with “Add a Spark…”.</source>
        <translation>尚未注册任何 Spark：请用“添加 Spark…”逐台添加。</translation>
    </message>
    <message>
        <source>%1 does not answer: switch it on, check its network, then press “Check status”.</source>
        <translation>%1 没有响应：请开机并检查其网络，然后点击“检查状态”。</translation>
    </message>
    <message>
        <source>The layout needs %1 Sparks; %2 ticked.</source>
        <translation>此布局需要 %1 台 Spark；已勾选 %2 台。</translation>
    </message>
    <message>
        <source>Ready: %1.</source>
        <translation>就绪：%1。</translation>
    </message>
</context>
<context>
    <name>spark::ui::DonePage</name>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Your cluster is ready. Export its files or open the dashboard.</source>
        <translation>集群已就绪。可以导出配置文件或打开仪表板。</translation>
    </message>
    <message>
        <source>%1: %2 Sparks (%3), cabled and checked, their ConnectX-7 ports addressed, node-to-node SSH set up.</source>
        <translation>%1：%2 台 Spark（%3），已布线并检查，ConnectX-7 端口已分配地址，节点之间的 SSH 已设置。</translation>
    </message>
    <message>
        <source>sparkctl knows this cluster too: “sparkctl cluster verify --cluster %1”.</source>
        <translation>sparkctl 也知道此集群：“sparkctl cluster verify --cluster %1”。</translation>
    </message>
    <message>
        <source>MPI hostfile</source>
        <translation>MPI 主机文件</translation>
    </message>
    <message>
        <source>NCCL environment</source>
        <translation>NCCL 环境变量</translation>
    </message>
    <message>
        <source>Ansible inventory</source>
        <translation>Ansible 清单</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>%1 could not be written: %2. Choose another folder.</source>
        <translation>无法写入 %1：%2。请选择其他文件夹。</translation>
    </message>
    <message>
        <source>Link test: every link carries what it should.</source>
        <translation>链路测试：每条链路都达到了应有的速率。</translation>
    </message>
    <message numerus="yes">
        <source>Link test: %n link(s) failed; the Link test page says what to fix.</source>
        <translation>
            <numerusform>链路测试：%n 条链路未通过；“链路测试”页说明了如何修复。</numerusform>
        </translation>
    </message>
    <message>
        <source>The links have not been tested yet: “sparkctl linktest --cluster %1” measures them.</source>
        <translation>链路尚未测试：“sparkctl linktest --cluster %1” 可以测量它们。</translation>
    </message>
    <message>
        <source>Open the &amp;dashboard</source>
        <translation>打开仪表板(&amp;D)</translation>
    </message>
    <message>
        <source>Finish and watch the cluster&apos;s links live: rates, errors and alerts.</source>
        <translation>完成设置，并实时查看集群的链路：速率、错误和告警。</translation>
    </message>
    <message>
        <source>vLLM on this cluster</source>
        <translation>在此集群上运行 vLLM</translation>
    </message>
    <message>
        <source>NCCL test passed: %1</source>
        <translation>NCCL 测试通过：%1</translation>
    </message>
    <message>
        <source>NCCL test failed: %1</source>
        <translation>NCCL 测试未通过：%1</translation>
    </message>
</context>
<context>
    <name>spark::ui::EmptyStateWidget</name>
    <message>
        <source>No Sparks yet</source>
        <translation>尚未添加 Spark</translation>
    </message>
    <message>
        <source>&amp;Add a Spark…</source>
        <translation>添加 Spark(&amp;A)…</translation>
    </message>
    <message>
        <source>Set up a &amp;cluster…</source>
        <translation>配置集群(&amp;C)…</translation>
    </message>
    <message>
        <source>Add each DGX Spark with its address, user name and password. The password is used once to install a key, then forgotten.</source>
        <translation>使用地址、用户名和密码添加每台 DGX Spark。密码只用一次来安装密钥，随后即被丢弃。</translation>
    </message>
    <message>
        <source>With two to four Sparks registered, set up a cluster: the app shows which port takes which cable, configures the ConnectX-7 ports and tests every link.</source>
        <translation>注册两到四台 Spark 后即可配置集群：本程序会告诉您每根线缆插在哪个端口，配置 ConnectX-7 端口并测试每条链路。</translation>
    </message>
</context>
<context>
    <name>spark::ui::FindingsView</name>
    <message>
        <source>Not ready</source>
        <translation>未就绪</translation>
    </message>
    <message>
        <source>Ready with warnings</source>
        <translation>就绪（有警告）</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Blocker</source>
        <translation>阻断问题</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Nothing stands in the way of clustering this Spark.</source>
        <translation>这台 Spark 组建集群没有任何障碍。</translation>
    </message>
    <message>
        <source>A cluster works, but read the warnings below.</source>
        <translation>可以组建集群，但请阅读下方警告。</translation>
    </message>
    <message>
        <source>Fix the blockers below before this Spark joins a cluster.</source>
        <translation>这台 Spark 加入集群前，请先修正下方的阻断问题。</translation>
    </message>
    <message>
        <source>What to do: %1</source>
        <translation>处理方法：%1</translation>
    </message>
</context>
<context>
    <name>spark::ui::HealthChart</name>
    <message>
        <source>Scroll to zoom, drag to move along the time axis, double-click to follow the newest values.</source>
        <translation>滚动鼠标缩放，拖动沿时间轴移动，双击跟随最新数值。</translation>
    </message>
    <message>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
    <message>
        <source>Rx twin 0</source>
        <translation>接收 0</translation>
    </message>
    <message>
        <source>Rx twin 1</source>
        <translation>接收 1</translation>
    </message>
    <message>
        <source>Rx port</source>
        <translation>接收 合计</translation>
    </message>
    <message>
        <source>Tx twin 0</source>
        <translation>发送 0</translation>
    </message>
    <message>
        <source>Tx twin 1</source>
        <translation>发送 1</translation>
    </message>
    <message>
        <source>Tx port</source>
        <translation>发送 合计</translation>
    </message>
</context>
<context>
    <name>spark::ui::HealthDashboard</name>
    <message>
        <source>Critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>%1 port %2</source>
        <translation>%1 端口 %2</translation>
    </message>
    <message>
        <source>Link health — %1</source>
        <translation>链路健康 — %1</translation>
    </message>
    <message>
        <source>Spark</source>
        <translation>Spark</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>系统版本</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>驱动</translation>
    </message>
    <message>
        <source>CX-7 firmware</source>
        <translation>CX-7 固件</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>What</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Raised</source>
        <translation>出现时间</translation>
    </message>
    <message>
        <source>Cleared</source>
        <translation>消除时间</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>告警</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message numerus="yes">
        <source>Waiting for the first answers of %n Spark(s)…</source>
        <translation>
            <numerusform>正在等待 %n 台 Spark 的首次应答…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 Sparks online · %3 · %4 · updated %5</source>
        <translation>%2 台 Spark 中 %1 台在线 · %3 · %4 · 更新于 %5</translation>
    </message>
    <message>
        <source>every cable has a link</source>
        <translation>每根线缆都有链路</translation>
    </message>
    <message numerus="yes">
        <source>%n cable(s) down</source>
        <translation>
            <numerusform>%n 根线缆断开</numerusform>
        </translation>
    </message>
    <message>
        <source>no alerts</source>
        <translation>无告警</translation>
    </message>
    <message numerus="yes">
        <source>%n alert(s)</source>
        <translation>
            <numerusform>%n 条告警</numerusform>
        </translation>
    </message>
    <message>
        <source>cable %1: down</source>
        <translation>线缆 %1：断开</translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>cable %1</source>
        <translation>线缆 %1</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Release %1 · driver %2 · CX-7 firmware %3</source>
        <translation>系统版本 %1 · 驱动 %2 · CX-7 固件 %3</translation>
    </message>
    <message>
        <source>Last error: %1</source>
        <translation>最近错误：%1</translation>
    </message>
    <message>
        <source>waiting for data</source>
        <translation>等待数据</translation>
    </message>
    <message>
        <source>healthy</source>
        <translation>健康</translation>
    </message>
    <message>
        <source>degraded</source>
        <translation>降级</translation>
    </message>
    <message>
        <source>down</source>
        <translation>断开</translation>
    </message>
    <message>
        <source>state unknown</source>
        <translation>状态未知</translation>
    </message>
    <message>
        <source>Cable %1: %2 ↔ %3 — %4</source>
        <translation>线缆 %1：%2 ↔ %3 — %4</translation>
    </message>
    <message>
        <source>Cable %1: %2 ↔ switch — %3</source>
        <translation>线缆 %1：%2 ↔ 交换机 — %3</translation>
    </message>
    <message>
        <source>%1 — Gb/s (solid: received, dashed: sent)</source>
        <translation>%1 — Gb/s（实线：接收，虚线：发送）</translation>
    </message>
    <message>
        <source>Likely cause: %1</source>
        <translation>可能原因：%1</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>解决方法：%1</translation>
    </message>
    <message>
        <source>No alerts: every link and Spark is healthy.</source>
        <translation>无告警：每条链路和每台 Spark 都健康。</translation>
    </message>
    <message>
        <source>Alerts (%1)</source>
        <translation>告警（%1）</translation>
    </message>
    <message>
        <source>active</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>Likely cause: %1
Fix: %2</source>
        <translation>可能原因：%1
解决方法：%2</translation>
    </message>
</context>
<context>
    <name>spark::ui::HostKeyDialog</name>
    <message>
        <source>Check the device&apos;s identity</source>
        <translation>核实设备身份</translation>
    </message>
    <message>
        <source>This is the first connection to &lt;b&gt;%1&lt;/b&gt;. Before going on, check that it is really your Spark: on the Spark, run&lt;br&gt;&lt;tt&gt;ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub&lt;/tt&gt;&lt;br&gt;and compare the fingerprint it prints with this one:</source>
        <translation>这是首次连接到 &lt;b&gt;%1&lt;/b&gt;。继续之前，请确认它确实是您的 Spark：在该 Spark 上运行&lt;br&gt;&lt;tt&gt;ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub&lt;/tt&gt;&lt;br&gt;并将输出的指纹与下面的指纹进行比较：</translation>
    </message>
    <message>
        <source>Key type: %1</source>
        <translation>密钥类型：%1</translation>
    </message>
    <message>
        <source>If they differ, cancel: another computer may be answering in its place.</source>
        <translation>如果两者不一致，请取消：可能有其他计算机在冒充它进行响应。</translation>
    </message>
    <message>
        <source>The fingerprints match</source>
        <translation>指纹一致</translation>
    </message>
</context>
<context>
    <name>spark::ui::LayoutPage</name>
    <message>
        <source>Layout</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Choose how the Sparks are cabled: directly or through a switch.</source>
        <translation>选择 Spark 的连接方式：直连或通过交换机。</translation>
    </message>
    <message>
        <source>Two Sparks, direct</source>
        <translation>两台 Spark，直连</translation>
    </message>
    <message>
        <source>One cable between the two, on the same port number at both ends.</source>
        <translation>两台之间用一根线缆相连，两端使用相同编号的端口。</translation>
    </message>
    <message>
        <source>Three Sparks, ring</source>
        <translation>三台 Spark，环形</translation>
    </message>
    <message>
        <source>Three cables, each Spark cabled to both others: both ports are used.</source>
        <translation>三根线缆，每台 Spark 都与另外两台相连：两个端口都会用到。</translation>
    </message>
    <message>
        <source>Through a switch</source>
        <translation>通过交换机</translation>
    </message>
    <message>
        <source>One cable from every Spark to a 200 GbE switch, all on the same port number.</source>
        <translation>每台 Spark 用一根线缆连接到 200 GbE 交换机，全部使用相同编号的端口。</translation>
    </message>
    <message>
        <source> Sparks</source>
        <translation> 台 Spark</translation>
    </message>
    <message>
        <source>Number of Sparks on the switch</source>
        <translation>交换机上的 Spark 数量</translation>
    </message>
    <message>
        <source>&amp;How many:</source>
        <translation>数量(&amp;H)：</translation>
    </message>
    <message>
        <source>Four or more Sparks can only be connected through a switch. A cluster is either all direct cables or all through the switch, never a mix. One cable per link: a second cable between the same two Sparks adds no bandwidth.</source>
        <translation>四台及以上的 Spark 只能通过交换机连接。一个集群要么全部直连，要么全部通过交换机，不能混用。每条链路一根线缆：同两台 Spark 之间再加一根线缆并不会增加带宽。</translation>
    </message>
    <message>
        <source>Choose one of the three layouts.</source>
        <translation>请从三种拓扑中选择一种。</translation>
    </message>
    <message>
        <source>You need one approved QSFP cable.</source>
        <translation>您需要 1 根认证的 QSFP 线缆。</translation>
    </message>
    <message>
        <source>You need %1 approved QSFP cables.</source>
        <translation>您需要 %1 根认证的 QSFP 线缆。</translation>
    </message>
    <message>
        <source>Approved: Amphenol NJAAKK-N911 (0.4 m) or NJAAKK0006 (0.5 m), or Luxshare LMTQF022-SD-R.</source>
        <translation>认证型号：Amphenol NJAAKK-N911（0.4 m）或 NJAAKK0006（0.5 m），或立讯 LMTQF022-SD-R。</translation>
    </message>
</context>
<context>
    <name>spark::ui::LinkTestPage</name>
    <message>
        <source>Start the test</source>
        <translation>开始测试</translation>
    </message>
    <message>
        <source>Cancel the test</source>
        <translation>取消测试</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Link test</source>
        <translation>链路测试</translation>
    </message>
    <message>
        <source>Measure every cable&apos;s throughput and latency.</source>
        <translation>测量每根线缆的吞吐量和延迟。</translation>
    </message>
    <message>
        <source>Save the results as CSV or JSON, or the chart on show as PNG.</source>
        <translation>将结果保存为 CSV 或 JSON，或将当前图表保存为 PNG。</translation>
    </message>
    <message>
        <source>Stopping the test and cleaning up the nodes…</source>
        <translation>正在停止测试并清理节点…</translation>
    </message>
    <message>
        <source>Test again</source>
        <translation>再次测试</translation>
    </message>
    <message>
        <source>There is nothing to export yet: run the link test first.</source>
        <translation>暂无可导出的内容：请先运行链路测试。</translation>
    </message>
    <message>
        <source>%1 could not be written: %2. Choose another folder.</source>
        <translation>无法写入 %1：%2。请选择其他文件夹。</translation>
    </message>
    <message>
        <source>There is no chart to save yet: run the link test first.</source>
        <translation>暂无可保存的图表：请先运行链路测试。</translation>
    </message>
    <message>
        <source>%1 could not be written. Choose another folder.</source>
        <translation>无法写入 %1。请选择其他文件夹。</translation>
    </message>
    <message>
        <source>Results as CSV (*.csv)</source>
        <translation>结果（CSV）(*.csv)</translation>
    </message>
    <message>
        <source>Results as JSON (*.json)</source>
        <translation>结果（JSON）(*.json)</translation>
    </message>
    <message>
        <source>Chart as PNG (*.png)</source>
        <translation>图表（PNG）(*.png)</translation>
    </message>
    <message>
        <source>Export the link test</source>
        <translation>导出链路测试</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source> s per direction</source>
        <translation> 秒/方向</translation>
    </message>
    <message>
        <source>How long each direction is measured: A to B, B to A, then both at once.</source>
        <translation>每个方向测量多久：A 到 B、B 到 A，然后双向同时。</translation>
    </message>
    <message>
        <source>Next skips the test if you would rather run it later: “sparkctl linktest --cluster %1” measures the same links.</source>
        <translation>如果想稍后再测，点“下一步”跳过测试：“sparkctl linktest --cluster %1” 会测量同样的链路。</translation>
    </message>
    <message>
        <source>The cluster has not been configured in this set-up, so there is nothing to test yet: go back to Configure first.</source>
        <translation>本次设置尚未配置集群，因此还没有可测试的内容：请先返回“配置”页。</translation>
    </message>
</context>
<context>
    <name>spark::ui::LinkTestView</name>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>The test has not run yet.</source>
        <translation>测试尚未运行。</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>Slowest total</source>
        <translation>最慢总速率</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Slowest port total per link</source>
        <translation>每条链路的最慢端口总速率</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>%1: %2 port %3 ↔ %4 port %5</source>
        <translation>%1：%2 端口 %3 ↔ %4 端口 %5</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>A port passes above %1.</source>
        <translation>端口速率高于 %1 即为通过。</translation>
    </message>
    <message>
        <source>no reply</source>
        <translation>无响应</translation>
    </message>
    <message>
        <source>%1 µs, %2 % loss</source>
        <translation>%1 µs，丢包 %2 %</translation>
    </message>
    <message>
        <source>Measuring</source>
        <translation>测量中</translation>
    </message>
    <message>
        <source>Pass: %1</source>
        <translation>通过：%1</translation>
    </message>
    <message>
        <source>Fail: %1</source>
        <translation>未通过：%1</translation>
    </message>
    <message>
        <source>The run of %1.</source>
        <translation>%1 的测试结果。</translation>
    </message>
    <message>
        <source>Measuring again on its own</source>
        <translation>正在单独重新测量</translation>
    </message>
</context>
<context>
    <name>spark::ui::LinkTestWindow</name>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>C&amp;ompare with…</source>
        <translation>与…比较(&amp;O)</translation>
    </message>
    <message>
        <source>Link test — %1</source>
        <translation>链路测试 — %1</translation>
    </message>
    <message>
        <source>RDMA where every Spark can, else TCP</source>
        <translation>每台 Spark 都能时用 RDMA，否则用 TCP</translation>
    </message>
    <message>
        <source>TCP (iperf3)</source>
        <translation>TCP（iperf3）</translation>
    </message>
    <message>
        <source>RDMA (ib_write_bw)</source>
        <translation>RDMA（ib_write_bw）</translation>
    </message>
    <message>
        <source>RDMA measures what NVIDIA&apos;s bar is measured with; it needs perftest (ib_write_bw) on every Spark and a RoCE v2 GID on every port. The first choice checks that before measuring and uses TCP (iperf3, on every Spark) where RDMA cannot run.</source>
        <translation>RDMA 与 NVIDIA 标准的测量方式相同；它要求每台 Spark 装有 perftest（ib_write_bw），每个端口有 RoCE v2 GID。第一个选项会在测量前检查这些，无法使用 RDMA 时改用 TCP（iperf3，每台 Spark 都有）。</translation>
    </message>
    <message>
        <source> s per direction</source>
        <translation> 秒/方向</translation>
    </message>
    <message>
        <source>How long each direction of each link is measured.</source>
        <translation>每条链路每个方向测量多长时间。</translation>
    </message>
    <message>
        <source>All: A→B, B→A, then both at once</source>
        <translation>全部：A→B、B→A，然后双向同时</translation>
    </message>
    <message>
        <source>A→B</source>
        <translation>A→B</translation>
    </message>
    <message>
        <source>B→A</source>
        <translation>B→A</translation>
    </message>
    <message>
        <source>Both at once</source>
        <translation>双向同时</translation>
    </message>
    <message>
        <source>Save the run on show as CSV or JSON.</source>
        <translation>把显示中的测试保存为 CSV 或 JSON。</translation>
    </message>
    <message>
        <source>Show the run on show beside another run of this cluster.</source>
        <translation>把显示中的测试与该集群的另一次测试并排显示。</translation>
    </message>
    <message>
        <source>Measures every link of %1, both twins of each port at once, and says for each whether it carries what it should.</source>
        <translation>测量 %1 的每条链路（每个端口的两个孪生接口同时测量），并逐条说明其带宽是否达标。</translation>
    </message>
    <message>
        <source>Select two runs (Ctrl+click) to compare them.</source>
        <translation>选择两次测试（Ctrl+单击）进行比较。</translation>
    </message>
    <message>
        <source>&amp;Earlier runs</source>
        <translation>以前的测试(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Mode:</source>
        <translation>方式(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Directions:</source>
        <translation>方向(&amp;D)：</translation>
    </message>
    <message>
        <source>There is no cluster to test here.</source>
        <translation>这里没有可测试的集群。</translation>
    </message>
    <message>
        <source>Reading the Sparks of %1 and planning their links…</source>
        <translation>正在读取 %1 的各台 Spark 并规划其链路…</translation>
    </message>
    <message>
        <source>The link test was cancelled before it began.</source>
        <translation>链路测试在开始前已取消。</translation>
    </message>
    <message numerus="yes">
        <source>Measuring %n link(s) of %1.</source>
        <translation>
            <numerusform>正在测量 %1 的 %n 条链路。</numerusform>
        </translation>
    </message>
    <message>
        <source>The link test ended without a result.</source>
        <translation>链路测试结束了，但没有结果。</translation>
    </message>
    <message>
        <source>Cancelling once the Sparks have been read…</source>
        <translation>读取完各台 Spark 后即取消…</translation>
    </message>
    <message>
        <source>Stopping the link test and cleaning up the Sparks…</source>
        <translation>正在停止链路测试并清理各台 Spark…</translation>
    </message>
    <message>
        <source>The link test was stopped; what it started on the Sparks has been cleaned up.</source>
        <translation>链路测试已停止；它在各台 Spark 上启动的进程已清理。</translation>
    </message>
    <message>
        <source>The link test did not finish: %1</source>
        <translation>链路测试没有完成：%1</translation>
    </message>
    <message>
        <source>Every link of %1 passed.</source>
        <translation>%1 的每条链路都通过了。</translation>
    </message>
    <message>
        <source>At least one link of %1 failed.</source>
        <translation>%1 至少有一条链路未通过。</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>%1, slowest %2: %3 Gb/s</source>
        <translation>%1，最慢 %2：%3 Gb/s</translation>
    </message>
    <message numerus="yes">
        <source>%n link(s), run by %1</source>
        <translation>
            <numerusform>%n 条链路，由 %1 运行</numerusform>
        </translation>
    </message>
    <message>
        <source>None yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <source>Two runs can be compared at a time.</source>
        <translation>一次只能比较两次测试。</translation>
    </message>
    <message>
        <source>&amp;Run again</source>
        <translation>再次运行(&amp;R)</translation>
    </message>
    <message>
        <source>There is nothing to export: show one run first.</source>
        <translation>没有可导出的内容：请先显示一次测试。</translation>
    </message>
    <message>
        <source>Results as CSV (*.csv)</source>
        <translation>结果（CSV）(*.csv)</translation>
    </message>
    <message>
        <source>Run as JSON (*.json)</source>
        <translation>整次运行，JSON（*.json）</translation>
    </message>
    <message>
        <source>Export the link test</source>
        <translation>导出链路测试</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
</context>
<context>
    <name>spark::ui::MainWindow</name>
    <message>
        <source>Spark Companion</source>
        <translation>Spark 助手</translation>
    </message>
    <message>
        <source>&amp;Add a Spark…</source>
        <translation>添加 Spark(&amp;A)…</translation>
    </message>
    <message>
        <source>Set up a &amp;cluster…</source>
        <translation>配置集群(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;About Spark Companion</source>
        <translation>关于 Spark 助手(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Link &amp;health…</source>
        <translation>链路健康(&amp;H)…</translation>
    </message>
    <message>
        <source>Watch the links of the cluster you set up: rates, errors and alerts.</source>
        <translation>查看已设置集群的链路：速率、错误和告警。</translation>
    </message>
    <message>
        <source>Link health</source>
        <translation>链路健康</translation>
    </message>
    <message>
        <source>Run the &amp;NCCL test…</source>
        <translation>运行 &amp;NCCL 测试…</translation>
    </message>
    <message>
        <source>Run NVIDIA&apos;s NCCL test across the cluster you set up and judge its bus bandwidth.</source>
        <translation>在你设置好的集群上运行 NVIDIA 的 NCCL 测试，并评判其总线带宽。</translation>
    </message>
    <message>
        <source>NCCL test</source>
        <translation>NCCL 测试</translation>
    </message>
    <message>
        <source>Run the &amp;link test…</source>
        <translation>运行链路测试(&amp;L)…</translation>
    </message>
    <message>
        <source>Measure every link of the cluster you set up, and compare the run with earlier ones.</source>
        <translation>测量已设置集群的每条链路，并与以前的测试比较。</translation>
    </message>
    <message>
        <source>Link test</source>
        <translation>链路测试</translation>
    </message>
    <message>
        <source>Check &amp;again</source>
        <translation>再次检查(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Update…</source>
        <translation>更新(&amp;U)…</translation>
    </message>
    <message>
        <source>Save a &amp;report for support…</source>
        <translation>保存支持报告(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Devices</source>
        <translation>设备(&amp;D)</translation>
    </message>
    <message>
        <source>C&amp;lusters</source>
        <translation>集群(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>移除(&amp;R)…</translation>
    </message>
    <message>
        <source>Remove a Spark</source>
        <translation>移除 Spark</translation>
    </message>
    <message>
        <source>Remove %1 from this computer?</source>
        <translation>要从这台计算机上移除 %1 吗？</translation>
    </message>
    <message>
        <source>The app and sparkctl forget it: its entry, the ~/.ssh/config entry the app wrote for it and its sudo password in the keychain. Nothing on the Spark changes: the app&apos;s key stays in its authorized_keys until you remove it there, and you can add the Spark again at any time.</source>
        <translation>本应用和 sparkctl 将忘记它：它的条目、本应用为它写入的 ~/.ssh/config 条目，以及钥匙串中它的 sudo 密码。Spark 上的任何内容都不会改变：本应用的密钥仍保留在它的 authorized_keys 中，直到您在那里删除；您随时可以再次添加这台 Spark。</translation>
    </message>
    <message>
        <source>It is part of the cluster %1, which cannot reach it until it is added again under the same name.</source>
        <translation>它属于集群 %1；在以相同名称再次添加之前，该集群无法访问它。</translation>
    </message>
    <message>
        <source>It is part of the clusters %1, which cannot reach it until it is added again under the same name.</source>
        <translation>它属于集群 %1；在以相同名称再次添加之前，这些集群无法访问它。</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation>已移除 %1。</translation>
    </message>
    <message>
        <source>Removed %1. %2</source>
        <translation>已移除 %1。%2</translation>
    </message>
    <message>
        <source>&amp;Models</source>
        <translation>模型(&amp;M)</translation>
    </message>
</context>
<context>
    <name>spark::ui::ModelsPage</name>
    <message>
        <source>&amp;Read the Sparks&apos; models</source>
        <translation>读取各 Spark 上的模型(&amp;R)</translation>
    </message>
    <message>
        <source>See which models each Spark holds in its Hugging Face cache, and whether every file arrived.</source>
        <translation>查看每台 Spark 的 Hugging Face 缓存中有哪些模型，以及每个文件是否都已到达。</translation>
    </message>
    <message numerus="yes">
        <source>Reading the models on %n Spark(s)…</source>
        <translation>
            <numerusform>正在读取 %n 台 Spark 上的模型…</numerusform>
        </translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>✓ complete</source>
        <translation>✓ 完整</translation>
    </message>
    <message>
        <source>✗ partial</source>
        <translation>✗ 不完整</translation>
    </message>
    <message>
        <source>— not there</source>
        <translation>— 没有</translation>
    </message>
    <message>
        <source>No model in the Sparks&apos; Hugging Face caches.</source>
        <translation>各 Spark 的 Hugging Face 缓存中没有模型。</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) found; %1 complete on every Spark read.</source>
        <translation>
            <numerusform>找到 %n 个模型；其中 %1 个在所有已读取的 Spark 上都完整。</numerusform>
        </translation>
    </message>
    <message>
        <source>Not read: %1</source>
        <translation>未读取：%1</translation>
    </message>
    <message>
        <source>%1: complete, revision %2, %3.</source>
        <translation>%1：完整，版本 %2，%3。</translation>
    </message>
    <message>
        <source>%1: partial, revision %2. %3</source>
        <translation>%1：不完整，版本 %2。%3</translation>
    </message>
    <message>
        <source>%1: not there.</source>
        <translation>%1：没有。</translation>
    </message>
    <message>
        <source>&amp;Copy to the cluster</source>
        <translation>复制到集群(&amp;C)</translation>
    </message>
    <message>
        <source>Cancel the copy</source>
        <translation>取消复制</translation>
    </message>
    <message>
        <source>Copy a model</source>
        <translation>复制模型</translation>
    </message>
    <message>
        <source>The cluster whose Sparks get the model, over its cables</source>
        <translation>通过其线缆接收该模型的 Spark 所在的集群</translation>
    </message>
    <message>
        <source>Selected model:</source>
        <translation>所选模型：</translation>
    </message>
    <message>
        <source>Set up a cluster first: a model is copied over the cluster&apos;s cables.</source>
        <translation>请先配置集群：模型通过集群的线缆复制。</translation>
    </message>
    <message>
        <source>No Spark holds this model complete, so there is nothing whole to copy.</source>
        <translation>没有任何 Spark 拥有此模型的完整副本，因此没有完整的内容可复制。</translation>
    </message>
    <message>
        <source>Copy the selected model to every Spark of the cluster that lacks it, over the cables, and check every file on arrival</source>
        <translation>通过线缆将所选模型复制到集群中缺少它的每台 Spark，并在到达时检查每个文件</translation>
    </message>
    <message>
        <source>Copy %1 to every Spark of %2 that lacks it? It goes over the cluster&apos;s cables; a Spark that already holds it complete gets nothing, and every file is checked on arrival.</source>
        <translation>要将 %1 复制到 %2 中缺少它的每台 Spark 吗？复制通过集群的线缆进行；已有完整副本的 Spark 不会收到任何内容，每个文件到达时都会被检查。</translation>
    </message>
    <message>
        <source>Copying %1 to %2…</source>
        <translation>正在将 %1 复制到 %2…</translation>
    </message>
    <message>
        <source>%1: the source; its copy was checked before it was sent.</source>
        <translation>%1：复制来源；其副本在发送前已检查。</translation>
    </message>
    <message>
        <source>&amp;Get onto the cluster</source>
        <translation>获取到集群(&amp;G)</translation>
    </message>
    <message>
        <source>Hugging Face &amp;token…</source>
        <translation>Hugging Face 令牌(&amp;T)…</translation>
    </message>
    <message>
        <source>org/name, e.g. Qwen/Qwen3-8B</source>
        <translation>org/name，例如 Qwen/Qwen3-8B</translation>
    </message>
    <message>
        <source>Put this model on every Spark of the cluster: downloaded once, on the first Spark, by its own Hugging Face client when no Spark holds it, then copied over the cables and checked</source>
        <translation>把这个模型放到集群的每台 Spark 上：若没有 Spark 持有它，就由第一台 Spark 用自己的 Hugging Face 客户端下载一次，然后经线缆复制并校验</translation>
    </message>
    <message>
        <source>Gated and private models need a Hugging Face token; it is kept in the system keychain</source>
        <translation>受限和私有模型需要 Hugging Face 令牌；它保存在系统密钥环中</translation>
    </message>
    <message>
        <source>From Hugging Face:</source>
        <translation>来自 Hugging Face：</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a Hugging Face model id: give it as org/name, e.g. Qwen/Qwen3-8B.</source>
        <translation>“%1”不是 Hugging Face 模型 ID：请按 org/name 给出，例如 Qwen/Qwen3-8B。</translation>
    </message>
    <message>
        <source>Get %1 onto every Spark of %2? When no Spark holds it, it is downloaded once on the first Spark by its own Hugging Face client, then copied over the cables; every file is checked.</source>
        <translation>要把 %1 获取到 %2 的每台 Spark 上吗？若没有 Spark 持有它，会由第一台 Spark 用自己的 Hugging Face 客户端下载一次，然后经线缆复制；每个文件都会校验。</translation>
    </message>
    <message>
        <source>Hugging Face token</source>
        <translation>Hugging Face 令牌</translation>
    </message>
    <message>
        <source>A token of your Hugging Face account with read access (huggingface.co/settings/tokens). It is kept in the system keychain and given only to the Spark&apos;s Hugging Face client while it downloads.</source>
        <translation>你的 Hugging Face 账号中具有读取权限的令牌（huggingface.co/settings/tokens）。它保存在系统密钥环中，只在下载时交给 Spark 上的 Hugging Face 客户端。</translation>
    </message>
    <message>
        <source>The Hugging Face token is kept in the system keychain.</source>
        <translation>Hugging Face 令牌已保存在系统密钥环中。</translation>
    </message>
    <message>
        <source>Getting %1 onto %2…</source>
        <translation>正在把 %1 获取到 %2…</translation>
    </message>
    <message>
        <source>%1: downloaded from Hugging Face (%2) and checked.</source>
        <translation>%1：已从 Hugging Face 下载（%2）并校验。</translation>
    </message>
    <message>
        <source>&amp;Verify</source>
        <translation>校验(&amp;V)</translation>
    </message>
    <message>
        <source>Re&amp;move from…</source>
        <translation>从…删除(&amp;M)</translation>
    </message>
    <message>
        <source>Hash every file of the selected model on each Spark that holds it, on the Spark itself</source>
        <translation>在持有所选模型的每台 Spark 上，就地对该模型的每个文件计算哈希</translation>
    </message>
    <message numerus="yes">
        <source>Checking every file of %1 on %n Spark(s)…</source>
        <translation>
            <numerusform>正在 %n 台 Spark 上校验 %1 的每个文件…</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop checking</source>
        <translation>停止校验</translation>
    </message>
    <message numerus="yes">
        <source>%1: whole on %2 of %n Spark(s) checked.</source>
        <translation>
            <numerusform>%1：在已校验的 %n 台 Spark 中，%2 台上完整。</numerusform>
        </translation>
    </message>
    <message>
        <source>Every Spark that holds it</source>
        <translation>持有它的每台 Spark</translation>
    </message>
    <message>
        <source>Only the model&apos;s own folder in each cache is removed. Remove it?</source>
        <translation>只会删除每个缓存中该模型自己的文件夹。要删除吗？</translation>
    </message>
    <message>
        <source>Removing %1 from %2…</source>
        <translation>正在从 %2 删除 %1…</translation>
    </message>
    <message>
        <source>Stop after the removal under way</source>
        <translation>完成当前删除后停止</translation>
    </message>
    <message>
        <source>%1: removed, %2 freed.</source>
        <translation>%1：已删除，释放了 %2。</translation>
    </message>
</context>
<context>
    <name>spark::ui::NcclBuildDialog</name>
    <message>
        <source>Build what the NCCL test needs</source>
        <translation>构建 NCCL 测试所需的内容</translation>
    </message>
    <message>
        <source>the packages it lacks of openmpi-bin, libopenmpi-dev, git, make and g++ are installed with sudo apt-get, the only step that runs as root;</source>
        <translation>用 sudo apt-get 安装 openmpi-bin、libopenmpi-dev、git、make 和 g++ 中缺少的软件包，这是唯一以 root 身份运行的步骤；</translation>
    </message>
    <message>
        <source>NCCL %1 is cloned from GitHub into ~/nccl and built for the Spark&apos;s GPU (sm_121), which takes several minutes on a Spark;</source>
        <translation>从 GitHub 克隆 NCCL %1 到 ~/nccl，并为 Spark 的 GPU（sm_121）构建，在 Spark 上需要几分钟；</translation>
    </message>
    <message>
        <source>nccl-tests is cloned from GitHub into ~/nccl-tests and built with MPI=1.</source>
        <translation>从 GitHub 克隆 nccl-tests 到 ~/nccl-tests，并以 MPI=1 构建。</translation>
    </message>
    <message>
        <source>On every Spark that lacks them, as NVIDIA&apos;s NCCL playbook does it:</source>
        <translation>在每台缺少它们的 Spark 上，按 NVIDIA NCCL 指南的做法：</translation>
    </message>
    <message>
        <source>Nothing else changes, and a Spark that has everything is left as it is. A build that is stopped goes on from where it stopped the next time.</source>
        <translation>其他内容都不会改变，已具备一切的 Spark 保持原样。停止的构建下次会从停止处继续。</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>Needed only when a package must be installed; leave it empty when sudo needs no password. It is the same on every Spark and is not kept.</source>
        <translation>只有需要安装软件包时才用到；sudo 不需要密码时请留空。每台 Spark 使用同一个密码，且不会被保存。</translation>
    </message>
    <message>
        <source>&amp;Build</source>
        <translation>构建(&amp;B)</translation>
    </message>
    <message>
        <source>sudo &amp;password:</source>
        <translation>sudo 密码(&amp;P)：</translation>
    </message>
</context>
<context>
    <name>spark::ui::NcclBuildView</name>
    <message>
        <source>&amp;Stop the build (what is built stays)</source>
        <translation>停止构建(&amp;S)（已构建的部分保留）</translation>
    </message>
    <message>
        <source>What is built stays, and the next build goes on from there. A package install under way finishes first.</source>
        <translation>已构建的部分会保留，下次构建从那里继续。正在进行的软件包安装会先完成。</translation>
    </message>
    <message>
        <source>Build output</source>
        <translation>构建输出</translation>
    </message>
    <message>
        <source>&amp;Output</source>
        <translation>输出(&amp;O)</translation>
    </message>
    <message>
        <source>Checking what it lacks…</source>
        <translation>正在检查缺少什么…</translation>
    </message>
    <message>
        <source>It has everything the NCCL test needs.</source>
        <translation>它具备 NCCL 测试所需的一切。</translation>
    </message>
    <message>
        <source>Built: it has everything the NCCL test needs.</source>
        <translation>已构建：它具备 NCCL 测试所需的一切。</translation>
    </message>
</context>
<context>
    <name>spark::ui::NcclTestChart</name>
    <message>
        <source>Message size</source>
        <translation>消息大小</translation>
    </message>
    <message>
        <source>Bus bandwidth (GB/s)</source>
        <translation>总线带宽（GB/s）</translation>
    </message>
    <message>
        <source>Bus bandwidth</source>
        <translation>总线带宽</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s bar: %1 GB/s</source>
        <translation>NVIDIA 的标准：%1 GB/s</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
</context>
<context>
    <name>spark::ui::NcclTestPage</name>
    <message>
        <source>NCCL test (optional)</source>
        <translation>NCCL 测试（可选）</translation>
    </message>
    <message>
        <source>Run NVIDIA&apos;s acceptance test across the cluster, or go on without it.</source>
        <translation>在整个集群上运行 NVIDIA 的验收测试，或跳过它继续。</translation>
    </message>
    <message>
        <source>The link test measured the cables; this measures what a workload gets from them: all_gather_perf from NVIDIA&apos;s nccl-tests runs on every Spark at once, GPU to GPU over the ConnectX-7 links, and its bus bandwidth is judged against NVIDIA&apos;s bar. It needs CUDA, Open MPI, NCCL and nccl-tests on every Spark; the test checks them first and says, Spark by Spark, what is missing. Next goes on without it: “sparkctl nccl-test --cluster %1” runs it later.</source>
        <translation>链路测试测量的是线缆；这项测试测量工作负载能从线缆得到多少：NVIDIA nccl-tests 中的 all_gather_perf 同时在每台 Spark 上运行，经 ConnectX-7 链路在 GPU 之间传输，并按 NVIDIA 的标准评判其总线带宽。它要求每台 Spark 都有 CUDA、Open MPI、NCCL 和 nccl-tests；测试会先检查它们，并逐台说明缺少什么。“下一步”会跳过它继续：以后可用 “sparkctl nccl-test --cluster %1” 运行。</translation>
    </message>
</context>
<context>
    <name>spark::ui::NcclTestPanel</name>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>all_gather (NVIDIA&apos;s test)</source>
        <translation>all_gather（NVIDIA 的测试）</translation>
    </message>
    <message>
        <source>all_reduce</source>
        <translation>all_reduce</translation>
    </message>
    <message>
        <source>Quick: 8 MiB to 1 GiB</source>
        <translation>快速：8 MiB 到 1 GiB</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s run: 16 GiB</source>
        <translation>NVIDIA 的运行：16 GiB</translation>
    </message>
    <message>
        <source>Save the run on show as CSV or JSON, or its chart as PNG.</source>
        <translation>把显示中的运行保存为 CSV 或 JSON，或把其图表保存为 PNG。</translation>
    </message>
    <message>
        <source>Runs nccl-tests across the Sparks of %1 with mpirun and judges the bus bandwidth against NVIDIA&apos;s bar.</source>
        <translation>用 mpirun 在 %1 的各台 Spark 上运行 nccl-tests，并按 NVIDIA 的标准评判总线带宽。</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Bus bandwidth</source>
        <translation>总线带宽</translation>
    </message>
    <message>
        <source>Algorithm bandwidth</source>
        <translation>算法带宽</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Wrong</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Earlier runs</source>
        <translation>以前的运行</translation>
    </message>
    <message>
        <source>C&amp;ollective:</source>
        <translation>集合通信(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Sizes:</source>
        <translation>大小(&amp;S)：</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 到 %2</translation>
    </message>
    <message>
        <source>There is no cluster to test here.</source>
        <translation>这里没有可测试的集群。</translation>
    </message>
    <message>
        <source>The NCCL test ended without a result.</source>
        <translation>NCCL 测试结束了，但没有结果。</translation>
    </message>
    <message>
        <source>Stopping the NCCL test and what it started on the Sparks…</source>
        <translation>正在停止 NCCL 测试及其在 Spark 上启动的进程…</translation>
    </message>
    <message>
        <source>Checking the Sparks…</source>
        <translation>正在检查各台 Spark…</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未校验</translation>
    </message>
    <message>
        <source>The NCCL test did not finish.</source>
        <translation>NCCL 测试没有完成。</translation>
    </message>
    <message>
        <source>Finished in %1 s.</source>
        <translation>用时 %1 秒完成。</translation>
    </message>
    <message>
        <source>Pass: %1</source>
        <translation>通过：%1</translation>
    </message>
    <message>
        <source>Fail: %1</source>
        <translation>未通过：%1</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>%1, %2, %3</source>
        <translation>%1，%2，%3</translation>
    </message>
    <message>
        <source>None yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <source>&amp;Run again</source>
        <translation>再次运行(&amp;R)</translation>
    </message>
    <message>
        <source>There is nothing to export yet: run the NCCL test first.</source>
        <translation>还没有可导出的内容：请先运行 NCCL 测试。</translation>
    </message>
    <message>
        <source>There is no chart to save yet: run the NCCL test first.</source>
        <translation>还没有可保存的图表：请先运行 NCCL 测试。</translation>
    </message>
    <message>
        <source>%1 could not be written. Choose another folder.</source>
        <translation>无法写入 %1。请选择其他文件夹。</translation>
    </message>
    <message>
        <source>Sizes as CSV (*.csv)</source>
        <translation>各大小结果，CSV（*.csv）</translation>
    </message>
    <message>
        <source>Run as JSON (*.json)</source>
        <translation>整次运行，JSON（*.json）</translation>
    </message>
    <message>
        <source>Chart as PNG (*.png)</source>
        <translation>图表，PNG（*.png）</translation>
    </message>
    <message>
        <source>Export the NCCL test</source>
        <translation>导出 NCCL 测试</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>&amp;Build what is missing…</source>
        <translation>构建缺少的内容(&amp;B)…</translation>
    </message>
    <message>
        <source>Install and build what the NCCL test needs on the Sparks that lack it, as NVIDIA&apos;s playbook does. You are told what happens and asked first.</source>
        <translation>按 NVIDIA 指南的做法，在缺少的 Spark 上安装并构建 NCCL 测试所需的内容。会先告诉你将做什么并征得同意。</translation>
    </message>
    <message>
        <source>Stopping the build; a package install under way finishes first. What is built stays.</source>
        <translation>正在停止构建；正在进行的软件包安装会先完成。已构建的部分会保留。</translation>
    </message>
    <message>
        <source>Some Sparks lack what the NCCL test needs. “Build what is missing…” builds it as NVIDIA&apos;s playbook does, after saying what it does.</source>
        <translation>有些 Spark 缺少 NCCL 测试所需的内容。“构建缺少的内容…”会先说明将做什么，再按 NVIDIA 指南的做法构建。</translation>
    </message>
    <message>
        <source>There is no cluster to build on here.</source>
        <translation>这里没有可构建的集群。</translation>
    </message>
    <message>
        <source>The build ended without a result.</source>
        <translation>构建结束了，但没有结果。</translation>
    </message>
    <message>
        <source>Building what the NCCL test needs on the Sparks that lack it…</source>
        <translation>正在缺少的 Spark 上构建 NCCL 测试所需的内容…</translation>
    </message>
    <message>
        <source>Every Spark has what the NCCL test needs now.</source>
        <translation>现在每台 Spark 都具备 NCCL 测试所需的内容。</translation>
    </message>
    <message>
        <source>The build was stopped. What was built stays, and the next build goes on from there.</source>
        <translation>构建已停止。已构建的部分会保留，下次构建从那里继续。</translation>
    </message>
    <message>
        <source>The build did not finish on every Spark.</source>
        <translation>构建没有在每台 Spark 上完成。</translation>
    </message>
</context>
<context>
    <name>spark::ui::NcclTestWindow</name>
    <message>
        <source>NCCL test — %1</source>
        <translation>NCCL 测试 — %1</translation>
    </message>
</context>
<context>
    <name>spark::ui::NodeFactsView</name>
    <message>
        <source>works without a password</source>
        <translation>无需密码即可使用</translation>
    </message>
    <message>
        <source>works with the password</source>
        <translation>输入密码后可用</translation>
    </message>
    <message>
        <source>not allowed</source>
        <translation>不允许</translation>
    </message>
    <message>
        <source>not checked (needs the password)</source>
        <translation>未检查（需要密码）</translation>
    </message>
    <message>
        <source>Left, twin %1</source>
        <translation>左侧，孪生接口 %1</translation>
    </message>
    <message>
        <source>Right, twin %1</source>
        <translation>右侧，孪生接口 %1</translation>
    </message>
    <message>
        <source>absent (no cable)</source>
        <translation>不存在（未接线缆）</translation>
    </message>
    <message>
        <source>up</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>down</source>
        <translation>已断开</translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>型号：</translation>
    </message>
    <message>
        <source>DGX OS:</source>
        <translation>DGX OS：</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>内核：</translation>
    </message>
    <message>
        <source>NVIDIA driver:</source>
        <translation>NVIDIA 驱动：</translation>
    </message>
    <message>
        <source>CUDA:</source>
        <translation>CUDA：</translation>
    </message>
    <message>
        <source>CX-7 firmware:</source>
        <translation>CX-7 固件：</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>用户：</translation>
    </message>
    <message>
        <source>sudo:</source>
        <translation>sudo：</translation>
    </message>
    <message>
        <source>ConnectX-7 ports</source>
        <translation>ConnectX-7 端口</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>接口</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>IPv4</source>
        <translation>IPv4</translation>
    </message>
    <message>
        <source>not a DGX OS system</source>
        <translation>不是 DGX OS 系统</translation>
    </message>
    <message>
        <source>%1 (installed %2)</source>
        <translation>%1（安装于 %2）</translation>
    </message>
    <message>
        <source>%1 (uid %2, gid %3)</source>
        <translation>%1（uid %2，gid %3）</translation>
    </message>
    <message>
        <source>DHCP</source>
        <translation>DHCP</translation>
    </message>
    <message>
        <source>static</source>
        <translation>静态</translation>
    </message>
    <message>
        <source>not running</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>unmanaged</source>
        <translation>未托管</translation>
    </message>
    <message>
        <source>managed, no profile active</source>
        <translation>已托管，无活动配置</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>netplan for %1</source>
        <translation>netplan，由 %1 渲染</translation>
    </message>
    <message>
        <source>Network:</source>
        <translation>网络：</translation>
    </message>
    <message>
        <source>NetworkManager</source>
        <translation>NetworkManager</translation>
    </message>
    <message>
        <source>NetworkManager, running</source>
        <translation>NetworkManager，正在运行</translation>
    </message>
    <message>
        <source>NetworkManager, not running</source>
        <translation>NetworkManager，未运行</translation>
    </message>
    <message>
        <source>%1 (netplan renders for %2)</source>
        <translation>%1（netplan 为 %2 渲染）</translation>
    </message>
</context>
<context>
    <name>spark::ui::NodeProgressList</name>
    <message>
        <source>Progress on %1</source>
        <translation>%1 上的进度</translation>
    </message>
</context>
<context>
    <name>spark::ui::PeerTrustPage</name>
    <message>
        <source>Try &amp;again</source>
        <translation>重试(&amp;A)</translation>
    </message>
    <message>
        <source>Node-to-node SSH</source>
        <translation>节点间 SSH</translation>
    </message>
    <message>
        <source>Let the Sparks log in to each other without a password.</source>
        <translation>让各台 Spark 之间无需密码即可互相登录。</translation>
    </message>
    <message>
        <source>Each Spark makes its own key and trusts the others&apos; keys, on the management network and on the ConnectX-7 addresses. No private key leaves its Spark. MPI and NCCL programs need this to start on every node.</source>
        <translation>每台 Spark 生成自己的密钥并信任其他 Spark 的密钥，适用于管理网络和 ConnectX-7 地址。私钥不会离开所在的 Spark。MPI 和 NCCL 程序需要这样才能在每个节点上启动。</translation>
    </message>
    <message>
        <source>Exchanging keys…</source>
        <translation>正在交换密钥…</translation>
    </message>
    <message>
        <source>Trusts every other Spark.</source>
        <translation>已信任其他所有 Spark。</translation>
    </message>
    <message>
        <source>Every Spark can log in to every other one without a password.</source>
        <translation>每台 Spark 都可以无需密码登录其他所有 Spark。</translation>
    </message>
</context>
<context>
    <name>spark::ui::QsfpCloseUpView</name>
    <message>
        <source>QSFP plug close-up</source>
        <translation>QSFP 插头特写</translation>
    </message>
    <message>
        <source>Tab up, slide it in, never force it.</source>
        <translation>拉环朝上，平稳推入，切勿用力硬插。</translation>
    </message>
    <message>
        <source>It clicks into place. To remove it, pull the tab.</source>
        <translation>插到位时会发出咔嗒声。拔出时请拉动拉环。</translation>
    </message>
    <message>
        <source>tab up</source>
        <translation>拉环朝上</translation>
    </message>
</context>
<context>
    <name>spark::ui::RearPanelView</name>
    <message>
        <source>Rear panel</source>
        <translation>后面板</translation>
    </message>
    <message>
        <source>Rear panel of %1</source>
        <translation>%1 的后面板</translation>
    </message>
    <message>
        <source>Cable to %1</source>
        <translation>线缆连接到 %1</translation>
    </message>
    <message>
        <source>Click to use this port.</source>
        <translation>点击以使用此端口。</translation>
    </message>
    <message>
        <source>Rear, seen from behind</source>
        <translation>后面板（从背后看）</translation>
    </message>
    <message>
        <source>PORT %1</source>
        <translation>端口 %1</translation>
    </message>
    <message>
        <source>Port 0, left</source>
        <translation>端口 0，左侧</translation>
    </message>
    <message>
        <source>Port 1, right</source>
        <translation>端口 1，右侧</translation>
    </message>
    <message>
        <source>USB-C</source>
        <translation>USB-C</translation>
    </message>
    <message>
        <source>240 W</source>
        <translation>240 W</translation>
    </message>
    <message>
        <source>HDMI</source>
        <translation>HDMI</translation>
    </message>
    <message>
        <source>10 GbE</source>
        <translation>10 GbE</translation>
    </message>
</context>
<context>
    <name>spark::ui::RollbackDialog</name>
    <message>
        <source>Roll back %1</source>
        <translation>回滚 %1</translation>
    </message>
    <message>
        <source>Every Spark of %1 (%2) goes back to the network settings it had before the cluster was first applied: the ConnectX-7 addresses the set-up gave its ports are removed, and a NetworkManager profile that was set aside takes its port again. A Spark that was never applied has nothing to roll back. The node-to-node SSH keys stay, and the cluster stays in the list; apply it again with the set-up.</source>
        <translation>%1 的每台 Spark（%2）都会恢复到集群首次应用之前的网络设置：配置时分配给其端口的 ConnectX-7 地址将被移除，被搁置的 NetworkManager 配置文件会重新接管其端口。从未应用过的 Spark 没有需要回滚的内容。节点间的 SSH 密钥会保留，集群也仍在列表中；可通过配置向导再次应用。</translation>
    </message>
    <message>
        <source>Empty: the one the keychain remembers</source>
        <translation>留空：使用钥匙串记住的密码</translation>
    </message>
    <message>
        <source>&amp;sudo password:</source>
        <translation>&amp;sudo 密码：</translation>
    </message>
    <message>
        <source>&amp;Roll back</source>
        <translation>回滚(&amp;R)</translation>
    </message>
    <message>
        <source>Restoring the settings from before the first apply…</source>
        <translation>正在恢复首次应用之前的设置…</translation>
    </message>
    <message>
        <source>Every Spark of %1 is back on the network settings it had before the first apply.</source>
        <translation>%1 的每台 Spark 都已恢复到首次应用之前的网络设置。</translation>
    </message>
    <message>
        <source>The keychain did not answer: type the sudo password and press Roll back again. Nothing was changed.</source>
        <translation>钥匙串没有应答：请输入 sudo 密码，然后再次点击“回滚”。没有做任何更改。</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
</context>
<context>
    <name>spark::ui::RunComparisonView</name>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>Fail</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>%1 Gb/s (%2 %)</source>
        <translation>%1 Gb/s（%2 %）</translation>
    </message>
    <message>
        <source>Slowest port total per link: the run of %1 against the later run of %2.</source>
        <translation>每条链路最慢的端口合计：%1 的测试与较晚的 %2 的测试对比。</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>Earlier</source>
        <translation>较早</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>较晚</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <source>At least one link is slower by more than %1 % or fails now where it passed.</source>
        <translation>至少有一条链路慢了 %1 % 以上，或以前通过现在未通过。</translation>
    </message>
    <message>
        <source>No link got worse.</source>
        <translation>没有链路变差。</translation>
    </message>
</context>
<context>
    <name>spark::ui::SetupState</name>
    <message>
        <source>Choose a layout first.</source>
        <translation>请先选择布局。</translation>
    </message>
</context>
<context>
    <name>spark::ui::SetupWizard</name>
    <message>
        <source>Set up a cluster</source>
        <translation>配置集群</translation>
    </message>
    <message>
        <source>The set-up of “%1” (%2) stopped at %3 on %4. Continue it with the same choices; the checks run again because a Spark may have changed since.</source>
        <translation>“%1”（%2）的设置于 %4 停在了“%3”。可以沿用同样的选择继续；检查会重新运行，因为 Spark 可能已有变化。</translation>
    </message>
</context>
<context>
    <name>spark::ui::SupportReportDialog</name>
    <message>
        <source>Save a report for support</source>
        <translation>保存支持报告</translation>
    </message>
    <message>
        <source>Spark Companion asks %1 what it sees and saves every answer, exactly as received, with what Spark Companion concluded and its own log, in one file to send to support. Nothing on the Spark is changed.

Left out: passwords, keys and the serial number. MAC addresses are replaced by a stable code unless you keep them.</source>
        <translation>Spark Companion 会询问 %1 的状态，把每个回答按原样保存，连同 Spark Companion 的结论和它自己的日志，打包成一个文件发给支持人员。不会更改 Spark 上的任何内容。

不包含：密码、密钥和序列号。除非您选择保留，MAC 地址会替换为稳定的代码。</translation>
    </message>
    <message numerus="yes">
        <source>Also ask the other registered devices (%n)</source>
        <translation>
            <numerusform>同时询问其他已登记的设备（%n 台）</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep MAC addresses as they are</source>
        <translation>保留原始 MAC 地址</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation>更改…</translation>
    </message>
    <message>
        <source>Save report</source>
        <translation>保存报告</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Saved as: %1</source>
        <translation>保存为：%1</translation>
    </message>
    <message>
        <source>Save the report as</source>
        <translation>报告另存为</translation>
    </message>
    <message>
        <source>Report archives (*.tar)</source>
        <translation>报告归档 (*.tar)</translation>
    </message>
    <message>
        <source>The report is saved as %1 (%2). Attach it to your message to support.</source>
        <translation>报告已保存为 %1（%2）。请把它附在发给支持人员的消息中。</translation>
    </message>
    <message>
        <source>Not in it, as they did not answer: %1.</source>
        <translation>以下设备没有应答，未包含在内：%1。</translation>
    </message>
</context>
<context>
    <name>spark::ui::ThroughputChart</name>
    <message>
        <source>A→B</source>
        <translation>A→B</translation>
    </message>
    <message>
        <source>B→A</source>
        <translation>B→A</translation>
    </message>
    <message>
        <source>Port %1</source>
        <translation>端口 %1</translation>
    </message>
    <message>
        <source>Twin %1 %2</source>
        <translation>孪生接口 %1 %2</translation>
    </message>
    <message>
        <source>%1 — expected %2 Gb/s</source>
        <translation>%1 — 预期 %2 Gb/s</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
</context>
<context>
    <name>spark::ui::TopologyView</name>
    <message>
        <source>Cluster topology</source>
        <translation>集群拓扑</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>%1 port %2</source>
        <translation>%1 端口 %2</translation>
    </message>
    <message>
        <source>%1 – %2: %3</source>
        <translation>%1 – %2：%3</translation>
    </message>
    <message>
        <source>P%1</source>
        <translation>P%1</translation>
    </message>
</context>
<context>
    <name>spark::ui::TrayIcon</name>
    <message>
        <source>Open Spark Companion</source>
        <translation>打开 Spark 助手</translation>
    </message>
    <message>
        <source>Set up a cluster…</source>
        <translation>配置集群…</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>Spark Companion</source>
        <translation>Spark 助手</translation>
    </message>
    <message>
        <source>Spark Companion is still running</source>
        <translation>Spark 助手仍在运行</translation>
    </message>
    <message>
        <source>It stays in the notification area. Choose Quit from its menu to exit.</source>
        <translation>它会留在通知区域。要退出，请在其菜单中选择“退出”。</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>No devices yet: add one in the main window</source>
        <translation>还没有设备：请在主窗口中添加</translation>
    </message>
</context>
<context>
    <name>spark::ui::UpdateDialog</name>
    <message>
        <source>Update %1</source>
        <translation>更新 %1</translation>
    </message>
    <message>
        <source>This runs NVIDIA&apos;s documented update on %1 and restarts it; anything running on it stops. Spark Companion waits until it is back and checks it again.

%2</source>
        <translation>这将在 %1 上运行 NVIDIA 文档中的更新流程并重启它；其上运行的一切都会停止。Spark 助手会等待它恢复，然后再次检查。

%2</translation>
    </message>
    <message>
        <source>Checking the keychain…</source>
        <translation>正在检查钥匙串…</translation>
    </message>
    <message>
        <source>Update and restart</source>
        <translation>更新并重启</translation>
    </message>
    <message>
        <source>sudo password of %1:</source>
        <translation>%1 的 sudo 密码：</translation>
    </message>
    <message>
        <source>the password of %1 on %2</source>
        <translation>%1 在 %2 上的密码</translation>
    </message>
    <message>
        <source>Updating %1…</source>
        <translation>正在更新 %1…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>%1 is back and runs DGX OS %2; its check is shown in the main window.</source>
        <translation>%1 已恢复，运行 DGX OS %2；检查结果显示在主窗口中。</translation>
    </message>
</context>
<context>
    <name>spark::ui::VerifyCablingDialog</name>
    <message>
        <source>Verify the cabling — %1</source>
        <translation>检查布线 — %1</translation>
    </message>
    <message>
        <source>Which port of which Spark is cabled to which, against the plan; then, when the cables match, a few seconds of traffic over both halves of every cable. Nothing on the Sparks is changed.</source>
        <translation>对照规划，查看哪台 Spark 的哪个端口连到了哪里；线缆都对上后，再在每根线缆的两半上各发送几秒钟流量。Spark 上不会做任何更改。</translation>
    </message>
    <message>
        <source>Looking at the cables…</source>
        <translation>正在查看线缆…</translation>
    </message>
    <message>
        <source>The cabling of %1 does not match its plan: see above.</source>
        <translation>%1 的布线与规划不符：请见上方。</translation>
    </message>
    <message>
        <source>The cabling of %1 matches its plan.</source>
        <translation>%1 的布线与规划一致。</translation>
    </message>
    <message>
        <source>A few seconds of traffic over every cable…</source>
        <translation>正在每根线缆上发送几秒钟流量…</translation>
    </message>
    <message>
        <source>Every cable of %1 carries what it should.</source>
        <translation>%1 的每根线缆都达到了应有的速率。</translation>
    </message>
    <message>
        <source>Some cables of %1 need a look: see above.</source>
        <translation>%1 有些线缆需要检查：请见上方。</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
</context>
<context>
    <name>spark::ui::WelcomePage</name>
    <message>
        <source>Welcome</source>
        <translation>欢迎</translation>
    </message>
    <message>
        <source>Connect two to four DGX Sparks into one cluster.</source>
        <translation>将两到四台 DGX Spark 连接成一个集群。</translation>
    </message>
    <message>
        <source>Two or three Sparks cabled directly, or two to sixteen through a 200 GbE switch (four or more need a switch).</source>
        <translation>两台或三台 Spark 直连，或通过 200 GbE 交换机连接两到十六台（四台及以上必须使用交换机）。</translation>
    </message>
    <message>
        <source>One approved QSFP cable per link: Amphenol NJAAKK-N911 or NJAAKK0006, or Luxshare LMTQF022-SD-R. Two cables between the same two Sparks add no bandwidth.</source>
        <translation>每条链路一根认证的 QSFP 线缆：Amphenol NJAAKK-N911 或 NJAAKK0006，或立讯 LMTQF022-SD-R。同两台 Spark 之间连两根线缆并不会增加带宽。</translation>
    </message>
    <message>
        <source>The same user name on every Spark, with its password (used once, then forgotten).</source>
        <translation>每台 Spark 上使用相同的用户名及其密码（只用一次，随后丢弃）。</translation>
    </message>
    <message>
        <source>DGX OS from April 2026 or later on every Spark, all on the same release. The checks tell you if one needs an update.</source>
        <translation>每台 Spark 都运行 2026 年 4 月或更新的 DGX OS，且版本一致。检查步骤会告诉您哪台需要更新。</translation>
    </message>
    <message>
        <source>What you need</source>
        <translation>您需要准备</translation>
    </message>
    <message>
        <source>It takes about ten minutes, most of it plugging in cables. Nothing on a Spark changes until you confirm the configuration, and every change undoes itself if a Spark stops answering.</source>
        <translation>整个过程大约需要十分钟，大部分时间用于插线。在您确认配置之前，Spark 上的任何设置都不会改变；如果某台 Spark 失去响应，所有更改都会自动撤销。</translation>
    </message>
    <message>
        <source>&amp;Continue it</source>
        <translation>继续(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Start over</source>
        <translation>重新开始(&amp;S)</translation>
    </message>
</context>
<context>
    <name>spark::ui::drawingstyle</name>
    <message>
        <source>Not cabled</source>
        <translation>未连接线缆</translation>
    </message>
    <message>
        <source>The next cable goes here</source>
        <translation>下一根线缆插在这里</translation>
    </message>
    <message>
        <source>Cabled correctly, link up</source>
        <translation>连接正确，链路已连通</translation>
    </message>
    <message>
        <source>Wrong port: this cable belongs elsewhere</source>
        <translation>端口错误：这根线缆应插在别处</translation>
    </message>
    <message>
        <source>A cable belongs here but none is seen</source>
        <translation>此处应有线缆，但未检测到</translation>
    </message>
    <message>
        <source>Cabled, but the link is slow or has errors</source>
        <translation>已连接，但链路速度慢或有错误</translation>
    </message>
</context>
<context>
    <name>sparkctl::ClusterCommands</name>
    <message>
        <source>to the switch: %1
</source>
        <translation>连接到交换机：%1
</translation>
    </message>
    <message>
        <source>Cable discovery took %1 ms on %2 nodes.
</source>
        <translation>线缆检测耗时 %1 ms，共 %2 个节点。
</translation>
    </message>
    <message>
        <source>The cabling of %1 matches its plan.
</source>
        <translation>%1 的布线与规划一致。
</translation>
    </message>
    <message>
        <source>Every twin of %1 carries what it should.
</source>
        <translation>%1 的每个孪生接口都承载了应有的流量。
</translation>
    </message>
    <message>
        <source>--revert-seconds needs a positive number.</source>
        <translation>--revert-seconds 必须是正数。</translation>
    </message>
    <message>
        <source> (already applied)</source>
        <translation> （已应用）</translation>
    </message>
    <message>
        <source>Dry run: nothing was changed.
</source>
        <translation>试运行：未做任何更改。
</translation>
    </message>
    <message>
        <source>  %1 could not be reached; it restores its earlier settings by itself within %2 s.
</source>
        <translation>  无法连接到 %1；它会在 %2 s 内自动恢复原来的设置。
</translation>
    </message>
    <message>
        <source>%1 already ran this plan; nothing was changed.
</source>
        <translation>%1 已在使用此规划；未做任何更改。
</translation>
    </message>
    <message>
        <source>%1 runs its new network settings.
</source>
        <translation>%1 已在使用新的网络设置。
</translation>
    </message>
    <message>
        <source>--format must be hostfile, nccl-env, ansible or vllm.</source>
        <translation>--format 必须是 hostfile、nccl-env、ansible 或 vllm。</translation>
    </message>
    <message>
        <source>Plan, check, apply, roll back or export a cluster</source>
        <translation>规划、检查、应用、回滚或导出集群</translation>
    </message>
    <message>
        <source>Check the cables against the plan, then a few seconds of traffic</source>
        <translation>按规划检查线缆，然后发送几秒钟的流量</translation>
    </message>
    <message>
        <source>Check the cables of the cluster: which port of which node is cabled to which port of which other node, against the plan; then a few seconds of traffic over every twin (it needs nothing configured).</source>
        <translation>检查集群的线缆：哪个节点的哪个端口连接到另一个节点的哪个端口，并与规划对照；然后在每个孪生接口上发送几秒钟的流量（无需任何配置）。</translation>
    </message>
    <message>
        <source>Only look at the cables; send no traffic over them.</source>
        <translation>只检查线缆；不通过线缆发送流量。</translation>
    </message>
    <message>
        <source>Give every node its ConnectX-7 addresses, with automatic undo</source>
        <translation>为每个节点分配 ConnectX-7 地址，支持自动撤销</translation>
    </message>
    <message>
        <source>Give every node of the cluster its ConnectX-7 addresses, safely: each node keeps a backup and undoes the change by itself unless every link is checked in time.</source>
        <translation>安全地为集群的每个节点分配 ConnectX-7 地址：每个节点都会保留备份，除非及时检查通过每条链路，否则会自动撤销更改。</translation>
    </message>
    <message>
        <source>Show what would be done; change nothing.</source>
        <translation>显示将执行的操作；不做任何更改。</translation>
    </message>
    <message>
        <source>Disable earlier netplan files for the same ports (kept in the backup).</source>
        <translation>停用针对相同端口的旧 netplan 文件（保留在备份中）。</translation>
    </message>
    <message>
        <source>Seconds after which a node undoes the change by itself (default 60).</source>
        <translation>节点自动撤销更改前等待的秒数（默认 60）。</translation>
    </message>
    <message>
        <source>Do not set up node-to-node SSH.</source>
        <translation>不设置节点间 SSH。</translation>
    </message>
    <message>
        <source>Put every node back on its network settings from before</source>
        <translation>将每个节点恢复到之前的网络设置</translation>
    </message>
    <message>
        <source>Put every node of the cluster back on the network settings it had before the first apply.</source>
        <translation>将集群的每个节点恢复到首次应用之前的网络设置。</translation>
    </message>
    <message>
        <source>Print an MPI hostfile, the NCCL environment, an Ansible inventory or vLLM commands</source>
        <translation>输出 MPI hostfile、NCCL 环境变量、Ansible inventory 或 vLLM 命令</translation>
    </message>
    <message>
        <source>Print an MPI hostfile, the NCCL environment, an Ansible inventory or the vLLM commands for the cluster.</source>
        <translation>输出该集群的 MPI hostfile、NCCL 环境变量、Ansible inventory 或 vLLM 命令。</translation>
    </message>
    <message>
        <source>hostfile, nccl-env, ansible or vllm.</source>
        <translation>hostfile、nccl-env、ansible 或 vllm。</translation>
    </message>
    <message>
        <source>The cluster (default: the one planned last).</source>
        <translation>集群（默认：最近规划的那个）。</translation>
    </message>
    <message>
        <source>Read one sudo password for every node from the first line of stdin.</source>
        <translation>从标准输入的第一行读取一个用于所有节点的 sudo 密码。</translation>
    </message>
    <message>
        <source>Reading %1 nodes…</source>
        <translation>正在读取 %1 个节点…</translation>
    </message>
    <message>
        <source>Name the cluster to delete: --cluster NAME.</source>
        <translation>请指定要删除的集群：--cluster NAME。</translation>
    </message>
    <message>
        <source>Deleted the cluster %1 and its kept test runs. Nothing on its Sparks was changed.
</source>
        <translation>已删除集群 %1 及其保存的测试记录。它的 Spark 上没有任何更改。
</translation>
    </message>
    <message>
        <source>Forget a cluster on this computer (nothing on its Sparks changes)</source>
        <translation>在这台计算机上忘记一个集群（其 Spark 上不做任何更改）</translation>
    </message>
    <message>
        <source>Remove the cluster from this computer&apos;s list, with its kept link-test and NCCL runs. Nothing on its Sparks changes: the addresses an apply gave them stay until the cluster is rolled back, so roll back first to undo them.</source>
        <translation>从这台计算机的列表中移除该集群，连同保存的链路测试和 NCCL 记录。其 Spark 上不做任何更改：应用时分配的地址会一直保留，直到集群被回滚；若要撤销这些地址，请先回滚。</translation>
    </message>
    <message>
        <source>The cluster to delete (required: never the default by accident).</source>
        <translation>要删除的集群（必填：绝不会误删默认集群）。</translation>
    </message>
    <message>
        <source>Timing: plan %1 ms (reading the nodes %2 ms), apply and verify %3 ms (%4), node-to-node SSH %5 ms, total %6 ms.
</source>
        <translation>耗时：规划 %1 ms（读取节点 %2 ms），应用与验证 %3 ms（%4），节点间 SSH %5 ms，总计 %6 ms。
</translation>
    </message>
</context>
<context>
    <name>sparkctl::CommandTable</name>
    <message>
        <source>give at least one %1.</source>
        <translation>请至少给出一个 %1。</translation>
    </message>
    <message>
        <source>give exactly one %1.</source>
        <translation>请只给出一个 %1。</translation>
    </message>
    <message>
        <source>give %1.</source>
        <translation>请给出 %1。</translation>
    </message>
    <message>
        <source> and </source>
        <translation> 和 </translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;.</source>
        <translation>意外的参数 &apos;%1&apos;。</translation>
    </message>
    <message>
        <source>success (check: ready)</source>
        <translation>成功（check：就绪）</translation>
    </message>
    <message>
        <source>failure: something could not be done; the message says what</source>
        <translation>失败：有操作无法完成；消息会说明是什么</translation>
    </message>
    <message>
        <source>check: ready with warnings</source>
        <translation>check：就绪，但有警告</translation>
    </message>
    <message>
        <source>check: not ready, blockers found</source>
        <translation>check：未就绪，发现阻碍问题</translation>
    </message>
    <message>
        <source>usage error: wrong command, option or argument; nothing was run</source>
        <translation>用法错误：命令、选项或参数有误；未执行任何操作</translation>
    </message>
    <message>
        <source>interrupted by Ctrl-C or SIGTERM; every node was left whole</source>
        <translation>被 Ctrl-C 或 SIGTERM 中断；每个节点都保持完整</translation>
    </message>
    <message>
        <source>Usage: sparkctl [--help] [--version] COMMAND [ARGS…]

Set up and watch NVIDIA DGX Spark clusters from the command line.
</source>
        <translation>用法：sparkctl [--help] [--version] 命令 [参数…]

从命令行设置并监视 NVIDIA DGX Spark 集群。
</translation>
    </message>
    <message>
        <source>
Commands:
</source>
        <translation>
命令：
</translation>
    </message>
    <message>
        <source>
Run &apos;sparkctl COMMAND --help&apos; for a command&apos;s options.
</source>
        <translation>
运行 &apos;sparkctl 命令 --help&apos; 查看某个命令的选项。
</translation>
    </message>
    <message>
        <source>
Exit codes:
</source>
        <translation>
退出码：
</translation>
    </message>
    <message>
        <source>Usage: sparkctl %1 COMMAND [options]

%2

Commands:
</source>
        <translation>用法：sparkctl %1 命令 [选项]

%2

命令：
</translation>
    </message>
    <message>
        <source>
Run &apos;sparkctl %1 COMMAND --help&apos; for a command&apos;s options.
</source>
        <translation>
运行 &apos;sparkctl %1 命令 --help&apos; 查看某个命令的选项。
</translation>
    </message>
    <message>
        <source>sparkctl: a command is needed.
</source>
        <translation>sparkctl：需要一个命令。
</translation>
    </message>
    <message>
        <source>sparkctl: unknown option &apos;%1&apos;.
</source>
        <translation>sparkctl：未知选项 &apos;%1&apos;。
</translation>
    </message>
    <message>
        <source>sparkctl: unknown command &apos;%1&apos;.
</source>
        <translation>sparkctl：未知命令 &apos;%1&apos;。
</translation>
    </message>
    <message>
        <source>a subcommand is needed.</source>
        <translation>需要一个子命令。</translation>
    </message>
    <message>
        <source>unknown subcommand &apos;%1&apos;.</source>
        <translation>未知子命令 &apos;%1&apos;。</translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation>显示此帮助。</translation>
    </message>
    <message>
        <source>JSON lines as it goes, the last one the result (docs/sparkctl-json.md).</source>
        <translation>边运行边输出 JSON 行，最后一行是结果（见 docs/sparkctl-json.md）。</translation>
    </message>
    <message>
        <source>Print the result as JSON (docs/sparkctl-json.md).</source>
        <translation>以 JSON 输出结果（见 docs/sparkctl-json.md）。</translation>
    </message>
    <message>
        <source>Print only the result, no progress.</source>
        <translation>只输出结果，不输出进度。</translation>
    </message>
    <message>
        <source>Also print each error&apos;s detail (what a node said on stderr).</source>
        <translation>同时输出每个错误的详情（节点在 stderr 上输出的内容）。</translation>
    </message>
</context>
<context>
    <name>sparkctl::Completion</name>
    <message>
        <source>Print the shell completion script for bash, zsh or fish</source>
        <translation>输出 bash、zsh 或 fish 的 shell 补全脚本</translation>
    </message>
    <message>
        <source>Print the completion script for bash, zsh or fish (the package installs them; this is for a build from source). For bash: source &lt;(sparkctl completion bash).</source>
        <translation>输出 bash、zsh 或 fish 的补全脚本（软件包会自行安装这些脚本；此命令用于从源码构建的情况）。对于 bash：source &lt;(sparkctl completion bash)。</translation>
    </message>
    <message>
        <source>bash, zsh or fish.</source>
        <translation>bash、zsh 或 fish。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a shell sparkctl completes for; use bash, zsh or fish.</source>
        <translation>&apos;%1&apos; 不是 sparkctl 支持补全的 shell；请使用 bash、zsh 或 fish。</translation>
    </message>
    <message>
        <source>The registered devices&apos; or clusters&apos; names</source>
        <translation>已注册设备或集群的名称</translation>
    </message>
    <message>
        <source>devices or clusters.</source>
        <translation>devices 或 clusters。</translation>
    </message>
    <message>
        <source>Print sparkctl(1) as roff</source>
        <translation>以 roff 格式输出 sparkctl(1)</translation>
    </message>
</context>
<context>
    <name>sparkctl::DailyCommands</name>
    <message>
        <source>No device is named &quot;%1&quot;; &quot;sparkctl device list&quot; shows the names.</source>
        <translation>没有名为“%1”的设备；“sparkctl device list”可列出名称。</translation>
    </message>
    <message>
        <source>Forwarding localhost:%1 to port %2 on %3 (connected in %4 ms). Stop with Ctrl+C.
</source>
        <translation>正在将 localhost:%1 转发到 %3 上的端口 %2（连接耗时 %4 ms）。按 Ctrl+C 停止。
</translation>
    </message>
    <message>
        <source>Connected to %1 (%2) in %3 ms; host key %4; %5.
</source>
        <translation>已连接到 %1（%2），耗时 %3 ms；主机密钥 %4；%5。
</translation>
    </message>
    <message>
        <source>commands run</source>
        <translation>可以执行命令</translation>
    </message>
    <message>
        <source>commands do not run</source>
        <translation>无法执行命令</translation>
    </message>
    <message>
        <source>--remote is needed.</source>
        <translation>需要 --remote。</translation>
    </message>
    <message>
        <source>--remote must be a port number from 1 to 65535.</source>
        <translation>--remote 必须是 1 到 65535 之间的端口号。</translation>
    </message>
    <message>
        <source>--local must be a port number from 1024 to 65535.</source>
        <translation>--local 必须是 1024 到 65535 之间的端口号。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; cannot be opened; use dashboard, terminal, code or cursor.</source>
        <translation>无法打开 &apos;%1&apos;；请使用 dashboard、terminal、code 或 cursor。</translation>
    </message>
    <message>
        <source>Open an SSH session to a device and report it</source>
        <translation>打开到设备的 SSH 会话并报告结果</translation>
    </message>
    <message>
        <source>Open an SSH session to a registered device and report how it went.</source>
        <translation>打开到已注册设备的 SSH 会话，并报告连接情况。</translation>
    </message>
    <message>
        <source>Forward a local port to a port on a device until stopped</source>
        <translation>将本地端口转发到设备上的端口，直到停止</translation>
    </message>
    <message>
        <source>Forward a port of this computer to a port on a device&apos;s own loopback until stopped (Ctrl+C).</source>
        <translation>将本机的一个端口转发到设备自身回环接口上的端口，直到停止（Ctrl+C）。</translation>
    </message>
    <message>
        <source>Port on this computer (1024-65535).</source>
        <translation>本机上的端口（1024-65535）。</translation>
    </message>
    <message>
        <source>Port on the device&apos;s localhost.</source>
        <translation>设备 localhost 上的端口。</translation>
    </message>
    <message>
        <source>Open http://localhost:L/ in the browser.</source>
        <translation>在浏览器中打开 http://localhost:L/。</translation>
    </message>
    <message>
        <source>Open a device&apos;s DGX Dashboard, a terminal, VS Code or Cursor</source>
        <translation>打开设备的 DGX Dashboard、终端、VS Code 或 Cursor</translation>
    </message>
    <message>
        <source>Open a device&apos;s DGX Dashboard (through a tunnel, until Ctrl+C), a terminal logged in to it, or VS Code / Cursor with Remote-SSH.</source>
        <translation>打开设备的 DGX Dashboard（通过隧道，直到按 Ctrl+C）、已登录到该设备的终端，或通过 Remote-SSH 打开 VS Code / Cursor。</translation>
    </message>
    <message>
        <source>dashboard, terminal, code or cursor.</source>
        <translation>dashboard、terminal、code 或 cursor。</translation>
    </message>
    <message>
        <source>Folder on the device for code/cursor (default: the user&apos;s home).</source>
        <translation>code/cursor 在设备上打开的文件夹（默认：用户的主目录）。</translation>
    </message>
    <message>
        <source>Local port for the dashboard (11000).</source>
        <translation>DGX Dashboard 使用的本地端口（11000）。</translation>
    </message>
    <message>
        <source>Only open the dashboard&apos;s tunnel; print its address.</source>
        <translation>只打开 DGX Dashboard 的隧道；输出其地址。</translation>
    </message>
    <message>
        <source>The terminal program to prefer (e.g. konsole).</source>
        <translation>优先使用的终端程序（例如 konsole）。</translation>
    </message>
    <message>
        <source>Opened %1 in the browser.</source>
        <translation>已在浏览器中打开 %1。</translation>
    </message>
    <message>
        <source>The tunnel to %1 is closed.</source>
        <translation>通往 %1 的隧道已关闭。</translation>
    </message>
    <message>
        <source>Started %1 %2
</source>
        <translation>已启动 %1 %2
</translation>
    </message>
</context>
<context>
    <name>sparkctl::DeviceCommands</name>
    <message>
        <source>First connection to this device. Its %1 host key fingerprint is
  %2
Does it match the one the device shows (for example with &apos;ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub&apos; on it)? [y/N] </source>
        <translation>首次连接此设备。其 %1 主机密钥指纹为
  %2
是否与设备上显示的指纹一致（例如在设备上运行 &apos;ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub&apos; 所显示的）？[y/N] </translation>
    </message>
    <message>
        <source>If the fingerprint is right, run the command again with --accept-host-key %1
</source>
        <translation>如果指纹正确，请加上 --accept-host-key %1 重新运行该命令。
</translation>
    </message>
    <message>
        <source>Added %1 (%2@%3, port %4). Log in with: ssh %5
</source>
        <translation>已添加 %1（%2@%3，端口 %4）。登录方式：ssh %5
</translation>
    </message>
    <message>
        <source>--host and --user are needed.</source>
        <translation>需要 --host 和 --user。</translation>
    </message>
    <message>
        <source>--password-stdin is needed (a password is never taken from the command line).</source>
        <translation>需要 --password-stdin（绝不从命令行接收密码）。</translation>
    </message>
    <message>
        <source>--port must be a number from 1 to 65535.</source>
        <translation>--port 必须是 1 到 65535 之间的数字。</translation>
    </message>
    <message>
        <source>The sudo password of %1 is remembered in the system keychain.
</source>
        <translation>%1 的 sudo 密码已记在系统钥匙串中。
</translation>
    </message>
    <message>
        <source>No devices yet. Add one with: sparkctl device add NAME --host HOST --user USER --password-stdin
</source>
        <translation>还没有设备。添加方法：sparkctl device add NAME --host HOST --user USER --password-stdin
</translation>
    </message>
    <message>
        <source>DGX Spark</source>
        <translation>DGX Spark</translation>
    </message>
    <message>
        <source>Linux host</source>
        <translation>Linux 主机</translation>
    </message>
    <message>
        <source>No device is named &quot;%1&quot;; &quot;sparkctl device list&quot; shows the names.</source>
        <translation>没有名为“%1”的设备；“sparkctl device list”可列出名称。</translation>
    </message>
    <message>
        <source>name:        %1
address:     %2 port %3
user:        %4
ssh alias:   %5%6
host key:    %7
kind:        %8
CX-7 MACs:   %9
</source>
        <translation>名称：      %1
地址：      %2 端口 %3
用户：      %4
SSH 别名：  %5%6
主机密钥：  %7
类型：      %8
CX-7 MAC：  %9
</translation>
    </message>
    <message>
        <source> (managed block in ~/.ssh/config)</source>
        <translation> （~/.ssh/config 中的托管块）</translation>
    </message>
    <message>
        <source>generic Linux host</source>
        <translation>普通 Linux 主机</translation>
    </message>
    <message>
        <source>%1 is online (%2, key login works).
</source>
        <translation>%1 在线（%2，密钥登录正常）。
</translation>
    </message>
    <message>
        <source>%1 is offline: %2
</source>
        <translation>%1 离线：%2
</translation>
    </message>
    <message>
        <source> Its ~/.ssh/config entry was removed too.</source>
        <translation> 其 ~/.ssh/config 条目也已删除。</translation>
    </message>
    <message>
        <source>Accept this host key fingerprint on first contact.</source>
        <translation>首次连接时接受此主机密钥指纹。</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>以 JSON 格式输出。</translation>
    </message>
    <message>
        <source>Add, import, list, show, remove or check devices</source>
        <translation>添加、导入、列出、显示、移除或检查设备</translation>
    </message>
    <message>
        <source>Register a device: log in once with its password, install a key</source>
        <translation>注册设备：用密码登录一次，安装密钥</translation>
    </message>
    <message>
        <source>Register a device: log in once with its password (read from stdin), confirm its host key, install a key of its own and a Host block in ~/.ssh/config; the password is not kept.</source>
        <translation>注册设备：用其密码（从标准输入读取）登录一次，确认其主机密钥，安装专用密钥并在 ~/.ssh/config 中写入 Host 块；不保留密码。</translation>
    </message>
    <message>
        <source>A name for the device, e.g. spark-1.</source>
        <translation>设备名称，例如 spark-1。</translation>
    </message>
    <message>
        <source>Host name or address.</source>
        <translation>主机名或地址。</translation>
    </message>
    <message>
        <source>SSH port (22).</source>
        <translation>SSH 端口（22）。</translation>
    </message>
    <message>
        <source>Login user.</source>
        <translation>登录用户。</translation>
    </message>
    <message>
        <source>Read the password from the first line of stdin.</source>
        <translation>从标准输入的第一行读取密码。</translation>
    </message>
    <message>
        <source>Remember the password for sudo in the system keychain.</source>
        <translation>将 sudo 密码记在系统钥匙串中。</translation>
    </message>
    <message>
        <source>Register a device from a Host alias of ~/.ssh/config</source>
        <translation>通过 ~/.ssh/config 中的 Host 别名注册设备</translation>
    </message>
    <message>
        <source>Register a device that a Host alias of ~/.ssh/config already reaches with a key; the file is not changed.</source>
        <translation>注册一台已能通过 ~/.ssh/config 中的 Host 别名用密钥登录的设备；不会修改该文件。</translation>
    </message>
    <message>
        <source>A Host alias from ~/.ssh/config.</source>
        <translation>~/.ssh/config 中的 Host 别名。</translation>
    </message>
    <message>
        <source>Device name (default: the alias).</source>
        <translation>设备名称（默认：别名）。</translation>
    </message>
    <message>
        <source>List the registered devices</source>
        <translation>列出已注册的设备</translation>
    </message>
    <message>
        <source>Show what is registered about a device</source>
        <translation>显示设备的注册信息</translation>
    </message>
    <message>
        <source>Forget a device, its key login and its ~/.ssh/config block</source>
        <translation>移除设备及其密钥登录和 ~/.ssh/config 块</translation>
    </message>
    <message>
        <source>Forget a device: its registry entry, its remembered sudo password and the block the program wrote in ~/.ssh/config (nothing else of the file).</source>
        <translation>移除设备：包括其注册条目、记住的 sudo 密码，以及程序在 ~/.ssh/config 中写入的块（不改动该文件的其他内容）。</translation>
    </message>
    <message>
        <source>Say whether a device answers and its key login works</source>
        <translation>报告设备是否响应以及密钥登录是否正常</translation>
    </message>
    <message>
        <source>Removed %1.%2
</source>
        <translation>已移除 %1。%2
</translation>
    </message>
    <message>
        <source>adding %1 was cancelled; nothing was changed on it or here.</source>
        <translation>添加 %1 已取消；该设备和本机都未做任何更改。</translation>
    </message>
</context>
<context>
    <name>sparkctl::FactsCommands</name>
    <message>
        <source>%1 (%2): %3, DGX OS %4, kernel %5
</source>
        <translation>%1（%2）：%3，DGX OS %4，内核 %5
</translation>
    </message>
    <message>
        <source>  GPU %1, driver %2, CUDA %3; CX-7 firmware %4
</source>
        <translation>  GPU %1，驱动 %2，CUDA %3；CX-7 固件 %4
</translation>
    </message>
    <message>
        <source> (AER fatal %1, non-fatal %2, corrected %3)</source>
        <translation> （AER 致命 %1，非致命 %2，已纠正 %3）</translation>
    </message>
    <message>
        <source>  user %1 (uid %2, gid %3), sudo: %4
</source>
        <translation>  用户 %1（uid %2，gid %3），sudo：%4
</translation>
    </message>
    <message>
        <source>NetworkManager &quot;%1&quot; on %2</source>
        <translation>%2 上的 NetworkManager “%1”</translation>
    </message>
    <message>
        <source>  CX-7 settings already there: %1
</source>
        <translation>  已有的 CX-7 设置：%1
</translation>
    </message>
    <message>
        <source>, netplan renders for %1</source>
        <translation>，netplan 为 %1 渲染</translation>
    </message>
    <message>
        <source>  subnets in use: %1
</source>
        <translation>  使用中的子网：%1
</translation>
    </message>
    <message>
        <source>To update %1:
    %2
</source>
        <translation>更新 %1 的方法：
    %2
</translation>
    </message>
    <message>
        <source>Or let sparkctl run the update, through the restart: sparkctl update %1
</source>
        <translation>或者让 sparkctl 执行更新（包括重启）：sparkctl update %1
</translation>
    </message>
    <message>
        <source>Check that %1 is on and reachable, then check again.</source>
        <translation>请确认 %1 已开机且可以访问，然后重新检查。</translation>
    </message>
    <message>
        <source>Version policy: the built-in one.
</source>
        <translation>版本策略：内置策略。
</translation>
    </message>
    <message>
        <source>Version policy: %1 (overrides the built-in one).
</source>
        <translation>版本策略：%1（覆盖内置策略）。
</translation>
    </message>
    <message>
        <source>Ready: %1 node(s) can be clustered.
</source>
        <translation>就绪：%1 个节点可以组建集群。
</translation>
    </message>
    <message>
        <source>Ready with warnings: the cluster works, but read the warnings above.
</source>
        <translation>就绪（有警告）：集群可以工作，但请阅读上方的警告。
</translation>
    </message>
    <message>
        <source>Not ready: fix the blockers above first.
</source>
        <translation>未就绪：请先解决上方的阻碍问题。
</translation>
    </message>
    <message>
        <source>Devices to probe (default: all).</source>
        <translation>要探测的设备（默认：全部）。</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>以 JSON 格式输出。</translation>
    </message>
    <message>
        <source>Read the sudo password (the same on every node) from the first line of stdin, to read root-only settings. Without it, each node&apos;s password remembered in the keychain is used.</source>
        <translation>从标准输入的第一行读取 sudo 密码（所有节点相同），以便读取只有 root 可读的设置。未提供时，使用钥匙串中为每个节点记住的密码。</translation>
    </message>
    <message>
        <source>Read the nodes&apos; answers from a support report (sparkctl report) instead of asking them: the same parsers and rules run on what a Spark said then.</source>
        <translation>从支持报告（sparkctl report）中读取各节点的应答，而不是实时询问它们：对 Spark 当时的应答运行相同的解析器和规则。</translation>
    </message>
    <message>
        <source>Show each device&apos;s hardware, CX-7 ports and software versions</source>
        <translation>显示每台设备的硬件、CX-7 端口和软件版本</translation>
    </message>
    <message>
        <source>Read each device&apos;s hardware, ConnectX-7 ports, network settings and software versions, all devices at once, and print what was found.</source>
        <translation>同时读取所有设备的硬件、ConnectX-7 端口、网络设置和软件版本，并输出结果。</translation>
    </message>
    <message>
        <source>Cluster readiness: exit 0 ready, 10 warnings, 20 blockers</source>
        <translation>集群就绪检查：退出码 0 就绪，10 有警告，20 有阻碍问题</translation>
    </message>
    <message>
        <source>Probe the devices and judge whether they can be clustered: each finding with what to do. Exit code 0 ready, 10 ready with warnings, 20 blockers found.</source>
        <translation>探测设备并判断能否组建集群：每项发现都附有处理方法。退出码 0 表示就绪，10 表示就绪但有警告，20 表示发现阻碍问题。</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>the report holds none of the nodes asked for.</source>
        <translation>报告中没有所请求的任何节点。</translation>
    </message>
</context>
<context>
    <name>sparkctl::LinkTest</name>
    <message>
        <source>%1 has no link test runs yet: &apos;sparkctl linktest --cluster %1&apos; measures its links.
</source>
        <translation>%1 还没有链路测试记录：&apos;sparkctl linktest --cluster %1&apos; 可测量其链路。
</translation>
    </message>
    <message>
        <source>%1  %2 of %3 links passed, slowest port %4 Gb/s
</source>
        <translation>%1  %3 条链路中 %2 条通过，最慢端口 %4 Gb/s
</translation>
    </message>
    <message>
        <source>--mode must be tcp or rdma.</source>
        <translation>--mode 必须是 tcp 或 rdma。</translation>
    </message>
    <message>
        <source>--duration must be a number of seconds from 2 to 3600.</source>
        <translation>--duration 必须是 2 到 3600 之间的秒数。</translation>
    </message>
    <message>
        <source>--streams must be from 1 to 128.</source>
        <translation>--streams 必须在 1 到 128 之间。</translation>
    </message>
    <message>
        <source>--direction must be a-b, b-a, both or all.</source>
        <translation>--direction 必须是 a-b、b-a、both 或 all。</translation>
    </message>
    <message>
        <source>%1 links; a port passes above %2 Gb/s (%3 Gb/s at rate scale %4).
</source>
        <translation>%1 条链路；端口速率高于 %2 Gb/s 即为通过（速率比例为 %4 时为 %3 Gb/s）。
</translation>
    </message>
    <message>
        <source>  %1 latency %2 µs, %3 % loss
</source>
        <translation>  %1 延迟 %2 µs，丢包 %3 %
</translation>
    </message>
    <message>
        <source>Every link of %1 passed.
</source>
        <translation>%1 的所有链路均已通过。
</translation>
    </message>
    <message>
        <source>At least one link of %1 failed.
</source>
        <translation>%1 至少有一条链路未通过。
</translation>
    </message>
    <message>
        <source>Measure every link of the cluster and judge it (--json for JSON lines)</source>
        <translation>测量集群的每条链路并作出判定（--json 输出 JSON 行）</translation>
    </message>
    <message>
        <source>Measure every link of the cluster, both twins of each port at once, and say for each whether it carries what it should. Exit code 0 when every link passes, 1 otherwise.</source>
        <translation>测量集群的每条链路（每个端口的两个孪生接口同时测量），并判定每条链路是否承载了应有的流量。所有链路都通过时退出码为 0，否则为 1。</translation>
    </message>
    <message>
        <source>tcp (iperf3) or rdma (ib_write_bw from perftest, with each port&apos;s RoCE device and GID index); default tcp.</source>
        <translation>tcp（iperf3）或 rdma（perftest 中的 ib_write_bw，使用每个端口的 RoCE 设备和 GID 索引）；默认 tcp。</translation>
    </message>
    <message>
        <source>Seconds per direction (default 10).</source>
        <translation>每个方向的秒数（默认 10）。</translation>
    </message>
    <message>
        <source>a-b, b-a, both (at once) or all (one after the other, then at once; the default).</source>
        <translation>a-b、b-a、both（同时）或 all（先逐个方向，再同时；默认）。</translation>
    </message>
    <message>
        <source>Parallel TCP streams per twin (default 4; tcp mode).</source>
        <translation>每个孪生接口的并行 TCP 流数（默认 4；tcp 模式）。</translation>
    </message>
    <message>
        <source>Samples as JSON lines as they arrive, then each link&apos;s verdict and the run.</source>
        <translation>采样到达时即以 JSON 行输出，然后输出每条链路的判定和本次运行的结果。</translation>
    </message>
    <message>
        <source>List the cluster&apos;s earlier runs instead of measuring (each run is compared with the one before it).</source>
        <translation>列出该集群之前的运行记录，而不进行测量（每次运行都与前一次比较）。</translation>
    </message>
    <message>
        <source>Reading %1 nodes…</source>
        <translation>正在读取 %1 个节点…</translation>
    </message>
    <message>
        <source>Measure only this link: its label (&apos;cable 2&apos;) or its id (&apos;spark-1:0-spark-2:1&apos;).</source>
        <translation>只测量这条链路：它的标签（“cable 2”）或 ID（“spark-1:0-spark-2:1”）。</translation>
    </message>
    <message>
        <source>Measure one link after the other (by default, links that share no port are measured at the same time where the Sparks&apos; cores allow).</source>
        <translation>逐条测量链路（默认情况下，在 Spark 的 CPU 核心允许时，不共用端口的链路会同时测量）。</translation>
    </message>
</context>
<context>
    <name>sparkctl::ModelCommands</name>
    <message>
        <source>%1: cannot be read: %2
</source>
        <translation>%1：无法读取：%2
</translation>
    </message>
    <message>
        <source>%1 (not there)</source>
        <translation>%1（不存在）</translation>
    </message>
    <message>
        <source>%1 (%2 free)</source>
        <translation>%1（可用 %2）</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n model(s) in %2
</source>
        <translation>
            <numerusform>%1：%2 中有 %n 个模型
</numerusform>
        </translation>
    </message>
    <message>
        <source>complete</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>不完整</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>没有</translation>
    </message>
    <message>
        <source>
Across the Sparks:
</source>
        <translation>
各 Spark 汇总：
</translation>
    </message>
    <message>
        <source>--folder takes a folder that starts with / or ~/, on one line: %1</source>
        <translation>--folder 需要以 / 或 ~/ 开头、只占一行的文件夹：%1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a Hugging Face model id: give it as ORG/NAME, e.g. Qwen/Qwen3-8B.</source>
        <translation>“%1”不是 Hugging Face 模型 ID：请写成 组织/名称，例如 Qwen/Qwen3-8B。</translation>
    </message>
    <message>
        <source>No Spark holds %1.
</source>
        <translation>没有任何 Spark 上有 %1。
</translation>
    </message>
    <message>
        <source>See the models on each Spark</source>
        <translation>查看每台 Spark 上的模型</translation>
    </message>
    <message>
        <source>The models in each Spark&apos;s Hugging Face cache: revision, size, and whether every file of the snapshot is there and whole.</source>
        <translation>每台 Spark 的 Hugging Face 缓存中的模型：版本、大小，以及快照的每个文件是否都在且完好。</translation>
    </message>
    <message>
        <source>List each Spark&apos;s models and whether each is complete</source>
        <translation>列出每台 Spark 上的模型及其是否完整</translation>
    </message>
    <message>
        <source>Read every Spark&apos;s Hugging Face cache (~/.cache/huggingface/hub, or $HF_HOME/hub) and the folders named with --folder, all at once, and say for each model its revision, its size and whether the snapshot is complete: every file present, every link resolving into the blobs, every shard of the index there, no unfinished download. Nothing is changed on any node.</source>
        <translation>同时读取每台 Spark 的 Hugging Face 缓存（~/.cache/huggingface/hub 或 $HF_HOME/hub）以及用 --folder 指定的文件夹，并给出每个模型的版本、大小以及快照是否完整：每个文件都在、每个链接都指向 blobs、索引中的每个分片都在、没有未完成的下载。不会更改任何节点上的内容。</translation>
    </message>
    <message>
        <source>Devices to read (default: all).</source>
        <translation>要读取的设备（默认：全部）。</translation>
    </message>
    <message>
        <source>Another folder holding a Hugging Face cache on every device (repeatable).</source>
        <translation>每台设备上另一个存放 Hugging Face 缓存的文件夹（可重复）。</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>以 JSON 格式输出。</translation>
    </message>
    <message>
        <source>Check a model on each Spark: every file whole, the snapshot complete</source>
        <translation>在每台 Spark 上检查模型：每个文件完好，快照完整</translation>
    </message>
    <message>
        <source>On every Spark that holds the model, hash each of its files on the Spark itself (all Sparks at once, as many files at a time as a Spark has cores) and compare it with the hash the Hugging Face cache names it by, and check that the snapshot is complete. Exit 0 when every Spark that holds the model holds it whole, 1 otherwise. Nothing is changed on any node.</source>
        <translation>在每台拥有该模型的 Spark 上，就地计算其每个文件的哈希（所有 Spark 同时进行，每台同时处理的文件数与其核心数相同），与 Hugging Face 缓存用作文件名的哈希比较，并检查快照是否完整。所有拥有该模型的 Spark 都完整时退出码为 0，否则为 1。不会更改任何节点上的内容。</translation>
    </message>
    <message>
        <source>The model&apos;s Hugging Face id, e.g. Qwen/Qwen3-8B.</source>
        <translation>模型的 Hugging Face ID，例如 Qwen/Qwen3-8B。</translation>
    </message>
    <message>
        <source>Devices to check (default: all).</source>
        <translation>要检查的设备（默认：全部）。</translation>
    </message>
    <message>
        <source>Nothing was removed: run the command again with --yes to remove it.
</source>
        <translation>未删除任何内容：加上 --yes 再次运行此命令即可删除。
</translation>
    </message>
    <message>
        <source>Stopping after the removal under way; a model is removed whole or left as it was listed.</source>
        <translation>将在当前删除完成后停止；模型要么被完整删除，要么保持列出时的状态。</translation>
    </message>
    <message>
        <source>Devices to remove it from.</source>
        <translation>要从中删除它的设备。</translation>
    </message>
    <message>
        <source>Remove it (without: only say what would be removed).</source>
        <translation>执行删除（不加此项：只说明将删除什么）。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a model id: it looks like org/name.</source>
        <translation>“%1”不是模型 ID：格式应为 组织/名称。</translation>
    </message>
    <message>
        <source>Stopping the copy: what arrived whole stays, and the next copy goes on from there.
</source>
        <translation>正在停止复制：已完整到达的文件会保留，下次复制将从中断处继续。
</translation>
    </message>
    <message>
        <source>No other Spark to copy %1 to.
</source>
        <translation>没有其他可复制 %1 的 Spark。
</translation>
    </message>
    <message>
        <source>Copy a model from one Spark to the others over the cables, and check it</source>
        <translation>通过线缆将模型从一台 Spark 复制到其他 Spark，并进行检查</translation>
    </message>
    <message>
        <source>Copy a model&apos;s revision from a Spark that holds it complete to the cluster&apos;s other Sparks over the ConnectX-7 cables (never the management network): both twins of a cable at once, a Spark that receives it passing it on where one port would otherwise carry every copy. The source&apos;s copy is checked first; files appear only whole; a copy that was cut goes on from where it stopped; a Spark that holds the revision complete gets nothing. Afterwards every file is hashed on every Spark. Exit 0 when every Spark holds it whole.</source>
        <translation>通过 ConnectX-7 线缆（从不使用管理网络）将模型的某个版本从拥有完整副本的 Spark 复制到集群中的其他 Spark：同时使用线缆的两个孪生接口；当一个端口本需承载所有副本时，由正在接收的 Spark 继续转发。先检查来源副本；文件只有完整后才会出现；中断的复制会从中断处继续；已有完整版本的 Spark 不会收到任何内容。完成后在每台 Spark 上计算每个文件的哈希。所有 Spark 都拥有完整副本时退出码为 0。</translation>
    </message>
    <message>
        <source>The Spark to copy from (default: the first that holds it complete).</source>
        <translation>复制来源的 Spark（默认：第一台拥有完整副本的 Spark）。</translation>
    </message>
    <message>
        <source>A Spark to copy to (repeatable; default: every other Spark of the cluster).</source>
        <translation>复制目标 Spark（可重复；默认：集群中的所有其他 Spark）。</translation>
    </message>
    <message>
        <source>Name one model, e.g. sparkctl %1 Qwen/Qwen3-8B.</source>
        <translation>请指定一个模型，例如 sparkctl %1 Qwen/Qwen3-8B。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a revision: give a branch, a tag or a commit.</source>
        <translation>“%1”不是一个修订版本：请给出分支、标签或提交。</translation>
    </message>
    <message>
        <source>%1: downloaded %2 (%3) from Hugging Face and checked it.
</source>
        <translation>%1：已从 Hugging Face 下载 %2（%3）并完成校验。
</translation>
    </message>
    <message>
        <source>The Hugging Face token is no longer kept.
</source>
        <translation>已不再保存 Hugging Face 令牌。
</translation>
    </message>
    <message>
        <source>Hugging Face token (read access; input hidden): </source>
        <translation>Hugging Face 令牌（读取权限；输入不显示）：</translation>
    </message>
    <message>
        <source>Give the token on one line (it starts with hf_), on the terminal or on standard input.</source>
        <translation>请在一行中给出令牌（以 hf_ 开头），可在终端输入或通过标准输入提供。</translation>
    </message>
    <message>
        <source>The Hugging Face token is kept in the system keychain; model get uses it.
</source>
        <translation>Hugging Face 令牌已保存在系统密钥环中；model get 会使用它。
</translation>
    </message>
    <message>
        <source>Get a model onto every Spark: download it once, copy it over the cables, check it</source>
        <translation>把模型获取到每台 Spark：只下载一次，经线缆复制，并校验</translation>
    </message>
    <message>
        <source>When no Spark of the cluster holds the model complete, download it on one of them with the Hugging Face client that Spark has (hf, or huggingface-cli), then copy it to the others over the ConnectX-7 cables as model copy does, and hash every file on every Spark. A Spark that holds it complete gets nothing. The token for gated and private models is sparkctl&apos;s HF_TOKEN, else the one kept with model token; it reaches only the client&apos;s environment, never a command line, a file or a log. A download cut short goes on where it stopped. Exit 0 when every Spark holds it whole.</source>
        <translation>若集群中没有 Spark 完整持有该模型，就在其中一台上用它自带的 Hugging Face 客户端（hf 或 huggingface-cli）下载，再像 model copy 一样经 ConnectX-7 线缆复制到其他 Spark，并在每台 Spark 上对每个文件计算哈希。已完整持有的 Spark 不会收到任何内容。受限和私有模型的令牌取自 sparkctl 的 HF_TOKEN，否则取自 model token 保存的令牌；它只进入客户端的环境，绝不出现在命令行、文件或日志中。中断的下载会从停下的地方继续。每台 Spark 都完整持有时退出码为 0。</translation>
    </message>
    <message>
        <source>A branch, tag or commit (default: main).</source>
        <translation>分支、标签或提交（默认：main）。</translation>
    </message>
    <message>
        <source>The Spark to download on (default: the cluster&apos;s first).</source>
        <translation>在哪台 Spark 上下载（默认：集群中的第一台）。</translation>
    </message>
    <message>
        <source>Keep a Hugging Face token in the system keychain, for model get</source>
        <translation>把 Hugging Face 令牌保存在系统密钥环中，供 model get 使用</translation>
    </message>
    <message>
        <source>Read a Hugging Face access token (read access is enough) from the terminal without echo, or from standard input, and keep it in the system keychain; model get passes it to the Spark&apos;s client for gated and private models. --forget removes it.</source>
        <translation>从终端（不回显）或标准输入读取 Hugging Face 访问令牌（读取权限即可），并保存在系统密钥环中；model get 会把它交给 Spark 上的客户端，用于受限和私有模型。--forget 会删除它。</translation>
    </message>
    <message>
        <source>Remove the kept token.</source>
        <translation>删除已保存的令牌。</translation>
    </message>
    <message>
        <source>Remove a model from chosen Sparks, or one revision of it</source>
        <translation>从所选 Spark 删除模型，或删除它的一个修订版本</translation>
    </message>
    <message>
        <source>Remove the model&apos;s folder (every revision) from the Hugging Face caches of the Sparks named, or with --revision that revision only (its snapshot, the refs naming it and the files no other revision uses). Without --yes nothing is removed: it says how much space it would free and which Sparks keep the model. Only the model&apos;s own folder in each cache is touched.</source>
        <translation>从指定 Spark 的 Hugging Face 缓存中删除该模型的文件夹（所有修订版本），或用 --revision 只删除该修订版本（它的快照、指向它的引用，以及其他修订版本不使用的文件）。不加 --yes 时不会删除任何内容：只说明会释放多少空间以及哪些 Spark 仍保留该模型。只会触及每个缓存中该模型自己的文件夹。</translation>
    </message>
    <message>
        <source>Only this revision (a branch, tag or commit): its snapshot, the refs that name it and the files no other revision uses.</source>
        <translation>只删除这个修订版本（分支、标签或提交）：它的快照、指向它的引用，以及其他修订版本不使用的文件。</translation>
    </message>
</context>
<context>
    <name>sparkctl::Monitor</name>
    <message>
        <source>%1: unreachable (%2), next try in %3 ticks
</source>
        <translation>%1：无法访问（%2），%3 个周期后重试
</translation>
    </message>
    <message>
        <source>%1 port %2: rx %3 tx %4 Gb/s, %5/2 twins up
</source>
        <translation>%1 端口 %2：rx %3 tx %4 Gb/s，%5/2 个孪生接口已启用
</translation>
    </message>
    <message>
        <source>--interval must be a number of milliseconds, at least 200.</source>
        <translation>--interval 必须是毫秒数，至少为 200。</translation>
    </message>
    <message>
        <source>--count must be 0 or more.</source>
        <translation>--count 必须大于或等于 0。</translation>
    </message>
    <message>
        <source>--scale must be above 0 and at most 1.</source>
        <translation>--scale 必须大于 0 且不超过 1。</translation>
    </message>
    <message>
        <source>Watch link health of registered Sparks (--json for JSON Lines)</source>
        <translation>监视已注册 Spark 的链路健康（--json 输出 JSON Lines）</translation>
    </message>
    <message>
        <source>Watch the CX-7 links of registered Sparks: rates, errors and alerts, once a second.</source>
        <translation>监视已注册 Spark 的 CX-7 链路：速率、错误和告警，每秒一次。</translation>
    </message>
    <message>
        <source>Registered devices to watch.</source>
        <translation>要监视的已注册设备。</translation>
    </message>
    <message>
        <source>One JSON object per node and tick (JSON Lines).</source>
        <translation>每个节点每个周期输出一个 JSON 对象（JSON Lines）。</translation>
    </message>
    <message>
        <source>Milliseconds between polls (default 1000).</source>
        <translation>两次轮询之间的毫秒数（默认 1000）。</translation>
    </message>
    <message>
        <source>Stop after this many ticks (default: run until stopped).</source>
        <translation>运行这么多个周期后停止（默认：一直运行直到被停止）。</translation>
    </message>
    <message>
        <source>Rate scale of an emulated cluster (default 1).</source>
        <translation>模拟集群的速率比例（默认 1）。</translation>
    </message>
    <message>
        <source>no device named &quot;%1&quot;; see the registered devices with the GUI or &apos;sparkctl device list&apos;.</source>
        <translation>没有名为“%1”的设备；可在图形界面中或用 &apos;sparkctl device list&apos; 查看已注册的设备。</translation>
    </message>
</context>
<context>
    <name>sparkctl::NamedDevices</name>
    <message>
        <source>no device is named &quot;%1&quot;; &quot;sparkctl device list&quot; shows the names.</source>
        <translation>没有名为“%1”的设备；“sparkctl device list”可列出名称。</translation>
    </message>
    <message>
        <source>no devices yet; add one with &quot;sparkctl device add&quot;.</source>
        <translation>还没有设备；请用“sparkctl device add”添加。</translation>
    </message>
</context>
<context>
    <name>sparkctl::NcclTest</name>
    <message>
        <source>--collective must be all_gather or all_reduce.</source>
        <translation>--collective 必须是 all_gather 或 all_reduce。</translation>
    </message>
    <message>
        <source>--min-bytes and --max-bytes take a size in bytes, or with K, M or G (16G).</source>
        <translation>--min-bytes 和 --max-bytes 接受以字节为单位的大小，或带 K、M、G 的大小（16G）。</translation>
    </message>
    <message>
        <source>--iterations, --warmup and --step-factor take a whole number.</source>
        <translation>--iterations、--warmup 和 --step-factor 接受整数。</translation>
    </message>
    <message>
        <source>%1 has no NCCL test runs yet: &apos;sparkctl nccl-test --cluster %1&apos; runs one.
</source>
        <translation>%1 还没有运行过 NCCL 测试：&apos;sparkctl nccl-test --cluster %1&apos; 可以运行一次。
</translation>
    </message>
    <message>
        <source>  %1: bus bandwidth %2
</source>
        <translation>  %1：总线带宽 %2
</translation>
    </message>
    <message>
        <source>Run NVIDIA&apos;s NCCL test across the cluster and judge it (--json for JSON lines)</source>
        <translation>在整个集群上运行 NVIDIA 的 NCCL 测试并给出结论（--json 输出 JSON 行）</translation>
    </message>
    <message>
        <source>Check that every Spark has CUDA, Open MPI, an NCCL build and nccl-tests, then run nccl-tests&apos; all_gather_perf (or all_reduce_perf) with mpirun from the first Spark, over the node-to-node SSH the set-up installed and with the settings of the NCCL export, and judge the bus bandwidth against NVIDIA&apos;s bar. Exit code 0 when it passes, 1 otherwise.</source>
        <translation>检查每台 Spark 都有 CUDA、Open MPI、NCCL 构建和 nccl-tests，然后从第一台 Spark 用 mpirun 运行 nccl-tests 的 all_gather_perf（或 all_reduce_perf），使用设置时安装的节点间 SSH 和 NCCL 导出文件中的设置，并按 NVIDIA 的标准评判总线带宽。通过时退出码为 0，否则为 1。</translation>
    </message>
    <message>
        <source>all_gather (NVIDIA&apos;s test, the default) or all_reduce.</source>
        <translation>all_gather（NVIDIA 的测试，默认）或 all_reduce。</translation>
    </message>
    <message>
        <source>The smallest message size (default 16G, NVIDIA&apos;s).</source>
        <translation>最小消息大小（默认 16G，与 NVIDIA 相同）。</translation>
    </message>
    <message>
        <source>The largest message size (default 16G).</source>
        <translation>最大消息大小（默认 16G）。</translation>
    </message>
    <message>
        <source>Each size is this many times the one before (default 2).</source>
        <translation>每个大小是前一个的多少倍（默认 2）。</translation>
    </message>
    <message>
        <source>Timed iterations per size (default 20).</source>
        <translation>每个大小计时的迭代次数（默认 20）。</translation>
    </message>
    <message>
        <source>Warm-up iterations per size (default 5).</source>
        <translation>每个大小的预热迭代次数（默认 5）。</translation>
    </message>
    <message>
        <source>8 MiB to 1 GiB, 5 iterations: a quick check instead of NVIDIA&apos;s 16 GiB run.</source>
        <translation>8 MiB 到 1 GiB，5 次迭代：快速检查，代替 NVIDIA 的 16 GiB 运行。</translation>
    </message>
    <message>
        <source>Each size as a JSON line as it is measured, then the run.</source>
        <translation>每测完一个大小输出一行 JSON，最后输出整次运行。</translation>
    </message>
    <message>
        <source>List the cluster&apos;s earlier NCCL test runs instead of running one.</source>
        <translation>列出该集群以前的 NCCL 测试运行，而不是运行新的测试。</translation>
    </message>
    <message>
        <source>It has everything the NCCL test needs.</source>
        <translation>它具备 NCCL 测试所需的一切。</translation>
    </message>
    <message>
        <source>Built: it has everything the NCCL test needs.</source>
        <translation>已构建：它具备 NCCL 测试所需的一切。</translation>
    </message>
    <message>
        <source>The build was cancelled; what was built stays, and --build goes on from there next time.</source>
        <translation>构建已取消；已构建的部分会保留，下次 --build 从那里继续。</translation>
    </message>
    <message>
        <source>--sudo-password-stdin goes with --build.</source>
        <translation>--sudo-password-stdin 需与 --build 一起使用。</translation>
    </message>
    <message>
        <source>%1
--build builds what is missing the way NVIDIA&apos;s playbook does: it installs the missing packages with sudo and builds NCCL and nccl-tests in each Spark&apos;s home.</source>
        <translation>%1
--build 按 NVIDIA 指南的方式构建缺少的部分：用 sudo 安装缺少的软件包，并在每台 Spark 的主目录中构建 NCCL 和 nccl-tests。</translation>
    </message>
    <message>
        <source>First build what a Spark lacks, as NVIDIA&apos;s playbook does: the packages with sudo, NCCL v2.28.9-1 and nccl-tests in its home.</source>
        <translation>先按 NVIDIA 指南的方式构建 Spark 缺少的部分：用 sudo 安装软件包，在其主目录中构建 NCCL v2.28.9-1 和 nccl-tests。</translation>
    </message>
</context>
<context>
    <name>sparkctl::Report</name>
    <message>
        <source>Devices to report on (default: all).</source>
        <translation>要报告的设备（默认：全部）。</translation>
    </message>
    <message>
        <source>Where to save the report (default: a dated file in this folder).</source>
        <translation>报告的保存位置（默认：当前文件夹中带日期的文件）。</translation>
    </message>
    <message>
        <source>Keep MAC addresses as they are (default: a stable hash of each).</source>
        <translation>保留原始 MAC 地址（默认：替换为各自的稳定哈希值）。</translation>
    </message>
    <message>
        <source>Read the sudo password (the same on every node) from stdin&apos;s first line, to include the root-only network settings. Without it, each node&apos;s password remembered in the keychain is used. The password never appears in the report.</source>
        <translation>从标准输入的第一行读取 sudo 密码（所有节点相同），以便包含只有 root 可读的网络设置。未提供时，使用钥匙串中为每个节点记住的密码。密码绝不会出现在报告中。</translation>
    </message>
    <message>
        <source>Report saved: %1 (%2 KiB). Attach it to your support request; it holds no password, key or serial number.
</source>
        <translation>报告已保存：%1（%2 KiB）。请将其附在支持请求中；其中不含密码、密钥或序列号。
</translation>
    </message>
    <message>
        <source>Save a support report: every raw output the probe, the neighbour discovery and a health poll read on each node, the findings drawn from them and the program&apos;s logs, in one archive; passwords, keys and serial numbers are left out.</source>
        <translation>保存支持报告：探测、邻居发现和一次健康轮询在每个节点上读取的全部原始输出、由此得出的结论以及程序日志，打包为一个归档；不包含密码、密钥和序列号。</translation>
    </message>
    <message>
        <source>Save a support report: what each node says, redacted, in one archive</source>
        <translation>保存支持报告：各节点的应答（已脱敏），打包为一个归档</translation>
    </message>
    <message>
        <source>Not in the report (no answer): %1</source>
        <translation>未包含在报告中（无应答）：%1</translation>
    </message>
</context>
<context>
    <name>sparkctl::ServeCommands</name>
    <message>
        <source>--set takes NAME=VALUE, e.g. --set max_model_len=8192: %1</source>
        <translation>--set 的参数形如 NAME=VALUE，例如 --set max_model_len=8192：%1</translation>
    </message>
    <message>
        <source>%1 on %2: %3 in %4, tensor parallel %5 × pipeline parallel %6, the API on %7:%8
</source>
        <translation>%1 在 %2 上：%3 运行于 %4，张量并行 %5 × 流水线并行 %6，API 位于 %7:%8
</translation>
    </message>
    <message>
        <source>Ray and NCCL&apos;s bootstrap on the management network; NCCL&apos;s data over the cables.
</source>
        <translation>Ray 和 NCCL 的引导走管理网络；NCCL 的数据走线缆。
</translation>
    </message>
    <message>
        <source>Ray and NCCL&apos;s bootstrap on the cables&apos; network; NCCL&apos;s data over the cables.
</source>
        <translation>Ray 和 NCCL 的引导走线缆所在的网络；NCCL 的数据走线缆。
</translation>
    </message>
    <message>
        <source>note: %1
</source>
        <translation>提示：%1
</translation>
    </message>
    <message>
        <source>cannot start: %1
</source>
        <translation>无法启动：%1
</translation>
    </message>
    <message>
        <source>Reading the cluster&apos;s nodes…</source>
        <translation>正在读取集群的节点…</translation>
    </message>
    <message>
        <source>--ready-timeout takes seconds, a whole number above 0.</source>
        <translation>--ready-timeout 的参数是秒数，必须是大于 0 的整数。</translation>
    </message>
    <message>
        <source>Stopping the launch: every container it started is removed.
</source>
        <translation>正在停止启动：它启动的每个容器都会被移除。
</translation>
    </message>
    <message>
        <source>%1 did not answer the clean-up; run sparkctl serve stop --cluster %2 when it is back.</source>
        <translation>%1 没有响应清理；等它恢复后请运行 sparkctl serve stop --cluster %2。</translation>
    </message>
    <message>
        <source>The launch stopped.</source>
        <translation>启动已停止。</translation>
    </message>
    <message>
        <source>%1 answers on %2 port %3 after %4 s (launch %5). Stop it with: sparkctl serve stop --cluster %6
</source>
        <translation>%1 在 %4 秒后于 %2 的端口 %3 上响应（启动 %5）。停止它：sparkctl serve stop --cluster %6
</translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Nothing of ours runs on %1.
</source>
        <translation>%1 上没有运行本程序启动的内容。
</translation>
    </message>
    <message>
        <source>%1 (launch %2): %3 of %4 containers run; the API on %5:%6 %7
</source>
        <translation>%1（启动 %2）：%4 个容器中有 %3 个在运行；%5:%6 上的 API %7
</translation>
    </message>
    <message>
        <source>an unrecorded launch</source>
        <translation>一次未记录的启动</translation>
    </message>
    <message>
        <source>answers</source>
        <translation>有响应</translation>
    </message>
    <message>
        <source>does not answer</source>
        <translation>无响应</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a launch id (8 letters and digits, as serve status prints it).</source>
        <translation>&quot;%1&quot; 不是启动 ID（8 个字母和数字，见 serve status 的输出）。</translation>
    </message>
    <message>
        <source>Finishing the stop under way.
</source>
        <translation>正在完成进行中的停止。
</translation>
    </message>
    <message>
        <source>Some nodes could not be cleaned up; run the stop again when they answer.</source>
        <translation>有些节点无法清理；等它们响应后请再次停止。</translation>
    </message>
    <message>
        <source>Stopped in %1 s.
</source>
        <translation>已在 %1 秒内停止。
</translation>
    </message>
    <message>
        <source>Serve on this Spark alone, without Ray.</source>
        <translation>只在这台 Spark 上提供服务，不用 Ray。</translation>
    </message>
    <message>
        <source>The API&apos;s port (default: the recipe&apos;s, else 8000).</source>
        <translation>API 的端口（默认：配方中的，否则 8000）。</translation>
    </message>
    <message>
        <source>Tensor parallel size (default: fitted to the Sparks).</source>
        <translation>张量并行规模（默认：按 Spark 数量确定）。</translation>
    </message>
    <message>
        <source>Pipeline parallel size (default: fitted to the Sparks).</source>
        <translation>流水线并行规模（默认：按 Spark 数量确定）。</translation>
    </message>
    <message>
        <source>A value for one of the recipe&apos;s placeholders (repeatable).</source>
        <translation>配方中某个占位符的值（可重复）。</translation>
    </message>
    <message>
        <source>A folder of your own recipes.</source>
        <translation>存放你自己配方的文件夹。</translation>
    </message>
    <message>
        <source>Another folder holding a Hugging Face cache on every Spark (repeatable).</source>
        <translation>每台 Spark 上另一个存放 Hugging Face 缓存的文件夹（可重复）。</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>输出 JSON。</translation>
    </message>
    <message>
        <source>Serve a model across the cluster with vLLM</source>
        <translation>用 vLLM 在整个集群上提供模型服务</translation>
    </message>
    <message>
        <source>Run a model from a recipe (the community&apos;s format) on the cluster: vLLM in NVIDIA&apos;s container on every Spark, a Ray cluster over the network every Spark reaches, NCCL&apos;s data over both twins of the cables, the OpenAI API on the first Spark.</source>
        <translation>按配方（社区格式）在集群上运行模型：每台 Spark 上运行 NVIDIA 容器中的 vLLM，Ray 集群建在每台 Spark 都能到达的网络上，NCCL 的数据走线缆的两个孪生接口，OpenAI API 位于第一台 Spark。</translation>
    </message>
    <message>
        <source>A shipped recipe&apos;s name (serve recipes lists them), one in --recipes, or a file&apos;s path.</source>
        <translation>随程序提供的配方名（serve recipes 会列出）、--recipes 中的配方，或文件路径。</translation>
    </message>
    <message>
        <source>Seconds to wait for the API (default: ten minutes plus the weights&apos; load time).</source>
        <translation>等待 API 的秒数（默认：十分钟加上权重的加载时间）。</translation>
    </message>
    <message>
        <source>List the recipes</source>
        <translation>列出配方</translation>
    </message>
    <message>
        <source>The shipped recipes and those in --recipes, with what each asks that this program does not apply.</source>
        <translation>随程序提供的配方和 --recipes 中的配方，以及每个配方中本程序不会应用的要求。</translation>
    </message>
    <message>
        <source>Show what a launch would run on each Spark, and what stops it</source>
        <translation>显示一次启动会在每台 Spark 上运行什么，以及什么会阻止它</translation>
    </message>
    <message>
        <source>Read every Spark of the cluster (the model in its caches, Docker&apos;s images, the ports in use, the cables&apos; addresses) and show the containers, the environment and the serve command a launch would use, with the fit and every reason it cannot start. Nothing is changed. Exit 0 when it can start.</source>
        <translation>读取集群的每台 Spark（缓存中的模型、Docker 镜像、已占用的端口、线缆的地址），显示一次启动会使用的容器、环境和服务命令，以及能否放下和每一个无法启动的原因。不做任何改动。可以启动时退出码为 0。</translation>
    </message>
    <message>
        <source>Launch a model on the cluster and wait until its API answers</source>
        <translation>在集群上启动模型并等待其 API 响应</translation>
    </message>
    <message>
        <source>Plan as serve plan does, then start Ray&apos;s head, every worker, and vLLM, and wait until the API answers with the model. A container that exits, a wait that runs out or a Spark that stops answering stops the launch on every Spark, saying which Spark and what it printed last. Ctrl-C leaves nothing running. With --verbose the engine&apos;s lines are printed as they come.</source>
        <translation>像 serve plan 一样规划，然后启动 Ray 头节点、每个工作节点和 vLLM，并等待 API 提供该模型。容器退出、等待超时或某台 Spark 停止响应，都会在每台 Spark 上停止这次启动，并说明是哪台 Spark 以及它最后输出了什么。Ctrl-C 不会留下任何正在运行的内容。使用 --verbose 时会实时打印引擎的输出。</translation>
    </message>
    <message>
        <source>What of ours runs on the cluster</source>
        <translation>集群上运行着本程序启动的哪些内容</translation>
    </message>
    <message>
        <source>Every launch recorded for the cluster and every container with our labels on its Sparks, and whether each launch&apos;s API answers. Nothing is changed.</source>
        <translation>集群记录的每次启动，以及其 Spark 上每个带有本程序标签的容器，还有每次启动的 API 是否响应。不做任何改动。</translation>
    </message>
    <message>
        <source>Stop a launch on every Spark</source>
        <translation>在每台 Spark 上停止一次启动</translation>
    </message>
    <message>
        <source>Remove the containers of the launch (default: every launch of the cluster) on every Spark at once, found by their labels, also after the app or sparkctl was closed. Nothing else is touched.</source>
        <translation>同时在每台 Spark 上移除这次启动的容器（默认：集群的每次启动），按标签查找，即使应用或 sparkctl 已关闭过也可以。不会触碰其他任何东西。</translation>
    </message>
    <message>
        <source>Only this launch.</source>
        <translation>仅这一次启动。</translation>
    </message>
    <message>
        <source>--tokens takes a whole number above 0.</source>
        <translation>--tokens 的参数必须是大于 0 的整数。</translation>
    </message>
    <message>
        <source>The model did not answer: %1</source>
        <translation>模型没有回答：%1</translation>
    </message>
    <message>
        <source>--streams takes 1 to 64 and --tokens a whole number above 0.</source>
        <translation>--streams 的参数为 1 到 64，--tokens 的参数必须是大于 0 的整数。</translation>
    </message>
    <message>
        <source>Ask the running model, and print its reply as it streams</source>
        <translation>向正在运行的模型提问，并在回复流式到达时打印</translation>
    </message>
    <message>
        <source>Send the prompt to the model the cluster serves, through a tunnel to its head over SSH, and print the reply as it arrives.</source>
        <translation>通过经 SSH 到头节点的隧道，把提示发送给集群提供的模型，并在回复到达时打印。</translation>
    </message>
    <message>
        <source>What to ask.</source>
        <translation>要问的内容。</translation>
    </message>
    <message>
        <source>The longest reply, in tokens (default 256).</source>
        <translation>回复的最大长度，以 token 计（默认 256）。</translation>
    </message>
    <message>
        <source>Measure the running model: first token, tokens per second</source>
        <translation>测量正在运行的模型：首个 token、每秒 token 数</translation>
    </message>
    <message>
        <source>Through a tunnel to the head, time one streamed reply (time to the first token, decode tokens per second), then N at once (tokens per second in all), keep the run for the cluster and the model, and compare it with the last one.</source>
        <translation>通过到头节点的隧道，为一个流式回复计时（首个 token 的时间、每秒解码 token 数），再同时计时 N 个（合计每秒 token 数），按集群和模型保存这次运行，并与上一次比较。</translation>
    </message>
    <message>
        <source>Streams at once (default 4).</source>
        <translation>同时进行的流数（默认 4）。</translation>
    </message>
    <message>
        <source>Tokens per reply (default 128).</source>
        <translation>每个回复的 token 数（默认 128）。</translation>
    </message>
</context>
<context>
    <name>sparkctl::Update</name>
    <message>
        <source>This updates %1 and restarts them; anything running on them stops. Go on? [y/N] </source>
        <translation>这将更新 %1 并重启它们；其上运行的一切都会停止。是否继续？[y/N] </translation>
    </message>
    <message>
        <source>Nothing was changed.
</source>
        <translation>未做任何更改。
</translation>
    </message>
    <message>
        <source>%1 is back: DGX OS %2, driver %3, CX-7 firmware %4.
</source>
        <translation>%1 已恢复：DGX OS %2，驱动 %3，CX-7 固件 %4。
</translation>
    </message>
    <message>
        <source>Run NVIDIA&apos;s documented update on devices, through the restart, then check them again</source>
        <translation>在设备上运行 NVIDIA 文档中的更新流程（包括重启），然后重新检查</translation>
    </message>
    <message>
        <source>Runs NVIDIA&apos;s documented update (apt-get update, apt-get dist-upgrade, fwupdmgr refresh, fwupdmgr upgrade, reboot) on the named devices at once, waits until they are back and checks them again.</source>
        <translation>在指定设备上同时运行 NVIDIA 文档中的更新流程（apt-get update、apt-get dist-upgrade、fwupdmgr refresh、fwupdmgr upgrade、reboot），等待它们恢复后重新检查。</translation>
    </message>
    <message>
        <source>Devices to update.</source>
        <translation>要更新的设备。</translation>
    </message>
    <message>
        <source>name the devices to update; &quot;sparkctl check&quot; says which need it.</source>
        <translation>请指定要更新的设备；“sparkctl check”会指出哪些设备需要更新。</translation>
    </message>
    <message>
        <source>Do not ask for confirmation.</source>
        <translation>不要求确认。</translation>
    </message>
    <message>
        <source>Read the sudo password (the same on every node) from the first line of stdin; without it, each node&apos;s password remembered in the keychain is used.</source>
        <translation>从标准输入的第一行读取 sudo 密码（所有节点相同）；未提供时，使用钥匙串中为每个节点记住的密码。</translation>
    </message>
    <message>
        <source>--json needs --yes: the question would not be JSON.</source>
        <translation>--json 需要同时使用 --yes：确认提问不是 JSON。</translation>
    </message>
    <message>
        <source>Stopping after the step each node is in: a package manager or firmware tool stopped halfway could leave a Spark half-updated. Press Ctrl-C again to leave at once (the steps already running go on by themselves).
</source>
        <translation>将在每个节点当前步骤完成后停止：中途打断软件包管理器或固件工具可能使 Spark 处于更新了一半的状态。再按一次 Ctrl-C 立即退出（已在运行的步骤会自行继续）。
</translation>
    </message>
</context>
</TS>
