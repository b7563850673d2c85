#!/usr/bin/env bash
# A throwaway single-node Slurm in one folder, for trying Deploy/cluster/shatter-array.sbatch on this
# machine: munged with a key made for it, slurmctld and slurmd (Debian's munge and slurm-wlm, as
# root), all on free ports, with their configuration, state, spool, logs and pid files in DIR.
#
#   Tools/checks/local-slurm.sh start DIR   # DIR must not exist; then: export SLURM_CONF=DIR/slurm.conf
#   Tools/checks/local-slurm.sh stop DIR    # cancels its jobs, stops its daemons, removes what start made
#
# `start` returns once the node is idle. It exits 2 (and says why) where Slurm cannot start here:
# not root (slurmd starts jobs as their owner), or the packages missing (Tools/setup.sh installs
# them); 1 when a daemon fails, after printing its log's last lines and undoing what it started.
# Nothing outside DIR is written: the system's munge key, /etc/slurm and services are left alone.
set -euo pipefail

me=Tools/checks/local-slurm.sh
usage="usage: $me start|stop DIR"
[ $# -eq 2 ] || { echo "$usage" >&2; exit 64; }
action=$1
dir=$2
conf="$dir/slurm.conf"
ready_timeout=30 # seconds for slurmd to register; it takes under one here

# Whether a process runs: exists and is not a zombie (an exited daemon waits there for init to reap it).
running() {
    local stat
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    stat=${stat##*) }
    [ "${stat%% *}" != Z ]
}

# Stops the process whose id is in a pid file, if that process is the daemon named; waits for it.
stop_daemon() {
    local name=$1 pid_file=$2 pid
    [ -s "$pid_file" ] || return 0
    pid=$(<"$pid_file")
    [[ "$pid" =~ ^[0-9]+$ ]] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$name" ] || return 0
    kill "$pid" 2>/dev/null || return 0
    for _ in $(seq 100); do
        running "$pid" || return 0
        sleep 0.1
    done
    echo "$me: $name (pid $pid) ignored SIGTERM for 10 s; killing it" >&2
    kill -KILL "$pid" 2>/dev/null || true
}

stop() {
    [ -d "$dir" ] || return 0
    if [ -f "$conf" ] && [ -s "$dir/slurmctld.pid" ]; then
        # Jobs' processes live under slurmstepd, not the daemons: cancel them and let them go first.
        export SLURM_CONF="$conf"
        local jobs
        jobs=$(squeue -h -o %A 2>/dev/null || true)
        if [ -n "$jobs" ]; then
            # shellcheck disable=SC2086 # one id a word
            scancel $jobs 2>/dev/null || true
            for _ in $(seq 100); do
                [ -z "$(squeue -h -o %A 2>/dev/null)" ] && break
                sleep 0.1
            done
        fi
    fi
    stop_daemon slurmd "$dir/slurmd.pid"
    stop_daemon slurmctld "$dir/slurmctld.pid"
    stop_daemon munged "$dir/munged.pid"
    # Only the names start makes, so a mistyped DIR loses nothing of its own.
    rm -rf "$dir/state" "$dir/spool" "$dir/munge"
    rm -f "$conf" "$dir"/munge.key "$dir"/munged.seed "$dir"/{munged,slurmctld,slurmd}.{log,pid}
    rmdir "$dir" 2>/dev/null || echo "$me: left $dir: it holds files that $me did not make" >&2
}

cannot() { echo "$me: cannot start Slurm here: $1" >&2; exit 2; }

# Says what failed and prints the last lines of the logs named after it, undoes what start did, exits 1.
failed() {
    echo "$me: $1" >&2
    shift
    local log
    for log in "$@"; do
        [ ! -s "$dir/$log" ] || { echo "last lines of $log:" >&2; tail -n 8 "$dir/$log" >&2; }
    done
    stop
    exit 1
}

# Two neighbouring TCP ports nothing listens on (connections refused), from the unassigned high range,
# so that two of these clusters on one machine do not meet.
free_ports() {
    local port
    for _ in $(seq 50); do
        port=$((20000 + RANDOM % 30000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null \
            && ! (exec 3<>"/dev/tcp/127.0.0.1/$((port + 1))") 2>/dev/null; then
            echo "$port"
            return
        fi
    done
    return 1
}

start() {
    [ "$(id -u)" -eq 0 ] || cannot "it needs root (slurmd starts each job as its owner)"
    local tool
    for tool in munged slurmctld slurmd sbatch sinfo squeue scontrol scancel; do
        command -v "$tool" >/dev/null || cannot "$tool is not installed (Debian's munge and slurm-wlm; Tools/setup.sh installs them)"
    done
    # munged wants every folder above its socket searchable by all, and its key readable by it alone.
    mkdir -m 711 "$dir" 2>/dev/null || { echo "$me: cannot make $dir (it must not exist yet)" >&2; exit 1; }
    mkdir -m 711 "$dir/munge"
    mkdir -m 700 "$dir/state" "$dir/spool"
    (umask 077 && head -c 1024 /dev/urandom >"$dir/munge.key")
    munged --key-file="$dir/munge.key" --socket="$dir/munge/munge.socket" --pid-file="$dir/munged.pid" \
        --log-file="$dir/munged.log" --seed-file="$dir/munged.seed" 2>/dev/null \
        || failed "munged did not start" munged.log

    local node name port
    # The node as slurmd sees it (CPUs, sockets, RealMemory), so that it registers as idle, not drained;
    # its name is this machine's short host name, which slurmctld must find in SlurmctldHost.
    node=$(slurmd -C | grep '^NodeName=') || failed "slurmd -C did not describe this node"
    name=${node#NodeName=}
    name=${name%% *}
    port=$(free_ports) || failed "found no two free TCP ports in 50 tries"
    cat >"$conf" <<EOF
# Written by $me: one node, no cgroups, no accounting; everything in $dir.
ClusterName=shatter-local
SlurmctldHost=$name(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
    export SLURM_CONF="$conf"
    slurmctld 2>/dev/null || failed "slurmctld did not start" slurmctld.log
    slurmd 2>/dev/null || failed "slurmd did not start" slurmd.log

    local state=""
    for _ in $(seq $((ready_timeout * 10))); do
        state=$(sinfo -h -n "$name" -o %T 2>/dev/null || true)
        [ "$state" = idle ] && return 0
        sleep 0.1
    done
    failed "node $name is not idle after $ready_timeout s (sinfo says '${state:-nothing}')" slurmctld.log slurmd.log
}

case "$action" in
    start) start ;;
    stop) stop ;;
    *) echo "$usage" >&2; exit 64 ;;
esac
