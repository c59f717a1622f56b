<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
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
        <source>Add a Spark</source>
        <translation>添加 Spark</translation>
    </message>
    <message>
        <source>Adding a device from the window is not available in this build yet. Use: sparkctl device add NAME --host HOST --user USER --password-stdin</source>
        <translation>此版本尚不能在窗口中添加设备。请使用：sparkctl device add NAME --host HOST --user USER --password-stdin</translation>
    </message>
</context>
<context>
    <name>spark::ui::SetupWizard</name>
    <message>
        <source>Set up a cluster</source>
        <translation>配置集群</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Choose how the Sparks are cabled: directly or through a switch.</source>
        <translation>选择 Spark 的连接方式：直连或通过交换机。</translation>
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
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Software versions, sudo and ports, checked on every Spark.</source>
        <translation>在每台 Spark 上检查软件版本、sudo 权限和端口。</translation>
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
        <source>Verify cabling</source>
        <translation>验证布线</translation>
    </message>
    <message>
        <source>Find out which port is cabled to which, and compare with the plan.</source>
        <translation>找出各端口之间的实际连接，并与计划对比。</translation>
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
        <source>Node-to-node SSH</source>
        <translation>节点间 SSH</translation>
    </message>
    <message>
        <source>Let the Sparks log in to each other without a password.</source>
        <translation>让各台 Spark 之间无需密码即可互相登录。</translation>
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
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Your cluster is ready. Export its files or open the dashboard.</source>
        <translation>集群已就绪。可以导出配置文件或打开仪表板。</translation>
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
</context>
</TS>
