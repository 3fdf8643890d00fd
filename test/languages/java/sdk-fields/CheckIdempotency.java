// A consumer of the Java SDK made with examples/overlays/idempotency.yaml (sendBatch's
// Idempotency-Key header): a keyed POST given no key (the call makes one), given one by its
// parameter, given one as a per-call header, and given an empty one (the call makes one); then a POST no overlay keys (exportContacts).
// The package test's overlaid check (test/languages/java/package-checks.ts) runs it after
// CheckCredentials, in the same JVM, against a server that answers each keyed send 503 and then 201,
// and exportContacts 503: each keyed send goes twice with one key, exportContacts once.
import local.emaildelivery.ApiException;
import local.emaildelivery.EmailDeliveryClient;
import local.emaildelivery.RequestOptions;
import local.emaildelivery.SendBatchParams;

public final class CheckIdempotency {
  private CheckIdempotency() {}

  public static void main(String[] args) {
    EmailDeliveryClient client = EmailDeliveryClient.builder().baseUrl(args[0]).build();
    client.sendBatch("b2");
    System.out.println("made a key, sent");
    client.sendBatch("b3", SendBatchParams.builder().idempotencyKey("key-2").build());
    System.out.println("kept the parameter's key, sent");
    client.sendBatch("b4", SendBatchParams.builder().build(), RequestOptions.builder().header("idempotency-key", "key-3").build());
    System.out.println("kept the header's key, sent");
    client.sendBatch("b5", SendBatchParams.builder().idempotencyKey("").build());
    System.out.println("made a key for an empty one, sent");
    try {
      client.exportContacts();
    } catch (ApiException error) {
      System.out.println("unkeyed " + error.getClass().getSimpleName() + " " + error.statusCode());
    }
  }
}
