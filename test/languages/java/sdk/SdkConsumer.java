// A program that uses the committed Java SDK as an application would: it calls every operation
// once with the package test's consumerArguments (test/support/sdk-package.ts), typed (so that
// javac checks each method's signature), against the base URL given as the only argument, with
// X-Api-Key: consumer-key, and prints one line per call: the operationId, then "ok" or the error's
// class and text. The package test (test/languages/java/package-checks.ts) runs it against a recording
// server, with the jar .ci/pack-java-sdk made as the only SDK on its class path.
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import local.emaildelivery.EmailDeliveryClient;
import local.emaildelivery.EmailDeliveryException;

public final class SdkConsumer {
  private SdkConsumer() {}

  public static void main(String[] args) {
    EmailDeliveryClient client = EmailDeliveryClient.builder().baseUrl(args[0]).header("X-Api-Key", "consumer-key").build();
    String id = "id 1/é";
    Map<String, String> pairs = new LinkedHashMap<>();
    pairs.put("name", "value");
    pairs.put("two words", "a&b");
    Map<String, Object> body = Map.of("any", 1);

    report("listScopes", () -> client.listScopes());
    report("getApiKey", () -> client.getApiKey(pairs));
    report("listUnsubscribeGroups", () -> client.listUnsubscribeGroups());
    report("getUnsubscribeGroup", () -> client.getUnsubscribeGroup(id));
    report("replaceUnsubscribeGroup", () -> client.replaceUnsubscribeGroup(id, body));
    report("deleteUnsubscribeGroup", () -> client.deleteUnsubscribeGroup(id));
    report("getInboundWebhook", () -> client.getInboundWebhook(id));
    report("getAccessibilityResult", () -> client.getAccessibilityResult(id));
    report("getLinkValidation", () -> client.getLinkValidation());
    report("listSubaccountEngagementScores", () -> client.listSubaccountEngagementScores());
    report("deleteVerifiedSender", () -> client.deleteVerifiedSender(id));
    report("exportContacts", () -> client.exportContacts());
    report("sendBatch", () -> client.sendBatch(id, body));
    report("replaceLinkBranding", () -> client.replaceLinkBranding(id, body));
    report("listDelayReasonMetrics", () -> client.listDelayReasonMetrics());
    report("getIntegration", () -> client.getIntegration(id));
    report("getFooterSetting", () -> client.getFooterSetting());
    report("deleteMessage", () -> client.deleteMessage(id));
    report("getMessageStatus", () -> client.getMessageStatus(pairs));
    report("updateUserPassword", () -> client.updateUserPassword(body));
    report("getReputationScore", () -> client.getReputationScore());
    report("deleteIntegrations", () -> client.deleteIntegrations());
    report("getMailSettings", () -> client.getMailSettings());
    report("listCustomFields", () -> client.listCustomFields());
    report("getEnforcedTlsSetting", () -> client.getEnforcedTlsSetting());
    report("deleteWebhook", () -> client.deleteWebhook(id));
    report("listWebhooks", () -> client.listWebhooks());
    report("getQuotaHistory", () -> client.getQuotaHistory());
    report("listQuotas", () -> client.listQuotas());
  }

  private static void report(String operationId, Supplier<?> call) {
    try {
      call.get();
      System.out.println(operationId + " ok");
    } catch (EmailDeliveryException error) {
      System.out.println(operationId + " error " + error.getClass().getSimpleName() + " " + error.getMessage());
    }
  }
}
