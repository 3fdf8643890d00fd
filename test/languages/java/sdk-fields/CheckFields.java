// A consumer of the Java SDK made with the example overlays (examples/overlays/fields.yaml,
// paging.yaml, idempotency.yaml and test/fixtures/overlays/parameters.yaml): the typed bodies and
// parameters as a program uses them, so that javac checks every name. The package test's overlaid
// check (test/languages/java/package-checks.ts) compiles it against that SDK, runs it against a
// recording server (then CheckCredentials and CheckIdempotency, in the same JVM), and has javac
// refuse a copy with a field misspelt.
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import local.emaildelivery.EmailDeliveryClient;
import local.emaildelivery.ListWebhooksParams;
import local.emaildelivery.SendBatchParams;
import local.emaildelivery.model.GetMessageStatusResponseBody;
import local.emaildelivery.model.ListWebhooksResponseBody;
import local.emaildelivery.model.SendBatchRequestBody;

public final class CheckFields {
  private CheckFields() {}

  public static void main(String[] args) {
    EmailDeliveryClient client = EmailDeliveryClient.builder().baseUrl(args[0]).header("X-Api-Key", "key-1").build();
    ListWebhooksParams params = ListWebhooksParams.builder().cursor("page 2/é").tags(List.of("red", "a,b")).session("s 1;x").build();
    ListWebhooksResponseBody page = client.listWebhooks(params);
    System.out.println("page " + page.items().get(0).url() + " " + page.nextCursor());
    SendBatchRequestBody batch = SendBatchRequestBody.builder().subject("Hello").sendAt(OffsetDateTime.parse("2026-11-22T10:00:00Z")).build();
    client.sendBatch("b1", SendBatchParams.builder().idempotencyKey("key-1").build(), batch);
    System.out.println("sent " + batch.subject());
    GetMessageStatusResponseBody status = client.getMessageStatus(Map.of("id", "m1"));
    System.out.println("state " + status.state() + " " + (status.state() == GetMessageStatusResponseBody.State.DELIVERED));
    // The credentials' and the idempotency key's checks of the same SDK, in the same JVM.
    CheckCredentials.main(args);
    CheckIdempotency.main(args);
  }
}
