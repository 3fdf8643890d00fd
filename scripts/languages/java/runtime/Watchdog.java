// The one daemon thread that ends what is still running at its deadline (a body still read when
// its call's deadline passes). A call adds its deadline and removes it when done, without waking
// the thread when it already sleeps until an earlier time: with one timeout for every call, a new
// deadline comes after those pending, so the thread wakes about once a timeout, not once a call
// (a ScheduledThreadPoolExecutor wakes it at every schedule on an empty queue: a thread switch a call).
package local.emaildelivery;

import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

final class Watchdog {
  private Watchdog() {}

  /** A deadline (System.nanoTime) and what to run at it, unless removed first. */
  static final class Entry implements Comparable<Entry> {
    private static final AtomicLong SEQUENCE = new AtomicLong();
    private final long at;
    private final long order = SEQUENCE.incrementAndGet();
    private final Runnable action;

    private Entry(long at, Runnable action) {
      this.at = at;
      this.action = action;
    }

    @Override
    public int compareTo(Entry other) {
      int byTime = Long.compare(at - other.at, 0);
      return byTime != 0 ? byTime : Long.compare(order, other.order);
    }

    @Override
    public boolean equals(Object other) {
      return this == other;
    }

    @Override
    public int hashCode() {
      return Long.hashCode(order);
    }
  }

  private static final ConcurrentSkipListSet<Entry> PENDING = new ConcurrentSkipListSet<>();
  /** When the thread wakes next (System.nanoTime), or Long.MAX_VALUE where it sleeps until woken. */
  private static volatile long wakeAt = Long.MAX_VALUE;
  private static final Thread THREAD = start();

  private static Thread start() {
    Thread thread = new Thread(Watchdog::loop, "email-delivery-api-deadline");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  /** Runs {@code action} at {@code at} (System.nanoTime) unless {@link #remove} comes first. */
  static Entry add(long at, Runnable action) {
    Entry entry = new Entry(at, action);
    PENDING.add(entry);
    long planned = wakeAt;
    if (planned == Long.MAX_VALUE || at - planned < 0) LockSupport.unpark(THREAD);
    return entry;
  }

  static void remove(Entry entry) {
    PENDING.remove(entry);
  }

  private static void loop() {
    while (true) {
      long now = System.nanoTime();
      for (Entry first = first(); first != null && first.at - now <= 0; first = first()) {
        if (!PENDING.remove(first)) continue;
        try {
          first.action.run();
        } catch (RuntimeException error) {
          // An action's failure ends that action only.
        }
      }
      Entry next = first();
      if (next == null) {
        wakeAt = Long.MAX_VALUE;
        // One added meanwhile may have seen the old wakeAt and not woken the thread.
        if (first() == null) LockSupport.park();
      } else {
        wakeAt = next.at;
        // Likewise: an earlier one added between first() and the write of wakeAt.
        Entry again = first();
        if (again != null && again.at - next.at >= 0) LockSupport.parkNanos(next.at - System.nanoTime());
      }
    }
  }

  private static Entry first() {
    try {
      return PENDING.first();
    } catch (java.util.NoSuchElementException empty) {
      return null;
    }
  }
}
