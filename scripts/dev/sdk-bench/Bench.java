// The Java SDK's per-call cost beside plain java.net.http, for `npm run bench`: given a base URL and
// N, it calls listWebhooks N times through the SDK and N times through one shared HttpClient (HTTP/1.1,
// as the SDK speaks to a plain-HTTP service; each call reading the body and decoding it with Jackson's
// readTree, as the SDK does), after a warm-up of both, and prints
// {"sdkSeconds": …, "plainSeconds": …, "calls": N, "sdkCpuSeconds": …, "plainCpuSeconds": …} (the
// CPU time of the whole process, every thread of it, while each side ran: steadier than the wall
// time on a loaded machine). The two alternate in ten rounds, so that the machine's drift in load
// falls on both alike. bench-sdk.ts compiles it with the committed SDK's sources.
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;
import local.emaildelivery.EmailDeliveryClient;

public final class Bench {
  private static final int ROUNDS = 10;
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  /** The process's CPU nanoseconds spent by each side's rounds: [sdk, plain]. */
  private static final long[] CPU = new long[2];

  private interface Call {
    void run() throws IOException, InterruptedException;
  }

  public static void main(String[] args) throws IOException, InterruptedException {
    if (args.length != 2) fail("usage: Bench <base URL> <calls>");
    String baseUrl = args[0];
    int calls = Integer.parseInt(args[1]);
    if (calls < ROUNDS) fail("the number of calls must be at least " + ROUNDS);
    EmailDeliveryClient sdk = EmailDeliveryClient.builder().baseUrl(baseUrl).build();
    HttpClient plain = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    ObjectMapper mapper = new ObjectMapper();
    URI uri = URI.create(baseUrl.replaceAll("/+$", "") + "/v1/webhooks");
    Call sdkCall = sdk::listWebhooks;
    // The call as a program without the SDK makes it: GET, read, check the status, decode.
    Call plainCall = () -> {
      HttpResponse<byte[]> response = plain.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
      if (response.statusCode() != 200) throw new IOException("listWebhooks: " + response.statusCode());
      mapper.readTree(response.body());
    };
    timed(calls / ROUNDS, sdkCall, 0);
    timed(calls / ROUNDS, plainCall, 1);
    CPU[0] = 0;
    CPU[1] = 0;
    long sdkNanos = 0;
    long plainNanos = 0;
    for (int round = 0; round < ROUNDS; round++) {
      int n = round == ROUNDS - 1 ? calls - (ROUNDS - 1) * (calls / ROUNDS) : calls / ROUNDS;
      // Each side first in every other round, so that neither runs only while the machine is busier.
      if (round % 2 == 0) {
        sdkNanos += timed(n, sdkCall, 0);
        plainNanos += timed(n, plainCall, 1);
      } else {
        plainNanos += timed(n, plainCall, 1);
        sdkNanos += timed(n, sdkCall, 0);
      }
    }
    System.out.printf(Locale.ROOT, "{\"sdkSeconds\":%.6f,\"plainSeconds\":%.6f,\"calls\":%d,\"sdkCpuSeconds\":%.6f,\"plainCpuSeconds\":%.6f}%n",
        sdkNanos / 1e9, plainNanos / 1e9, calls, CPU[0] / 1e9, CPU[1] / 1e9);
  }

  /** The wall nanoseconds of {@code n} calls; the process's CPU time they took is added to {@code CPU[side]}. */
  private static long timed(int n, Call call, int side) throws IOException, InterruptedException {
    long cpu = OS.getProcessCpuTime();
    long started = System.nanoTime();
    for (int i = 0; i < n; i++) call.run();
    long wall = System.nanoTime() - started;
    CPU[side] += OS.getProcessCpuTime() - cpu;
    return wall;
  }

  private static void fail(String message) {
    System.err.println("sdk-bench: " + message);
    System.exit(1);
  }
}
