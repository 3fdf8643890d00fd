// A consumer of the Java SDK made with the example overlays that declare security schemes
// (examples/overlays/auth.yaml and bearer.yaml): one credential given by its scheme's name, the
// other read from EMAIL_DELIVERY_EXAMPLE_BEARER, a scheme the description does not declare refused.
// The package test's overlaid check (test/languages/java/package-checks.ts) runs it against a
// server that echoes both credentials in a 401.
import local.emaildelivery.AuthenticationException;
import local.emaildelivery.EmailDeliveryClient;

public final class CheckCredentials {
  private CheckCredentials() {}

  public static void main(String[] args) {
    EmailDeliveryClient client = EmailDeliveryClient.builder().baseUrl(args[0]).credential("ExampleApiKey", "key-given-1").build();
    System.out.println(client);
    try {
      client.getIntegration("int_1");
    } catch (AuthenticationException error) {
      System.out.println(error.statusCode() + " " + error.getMessage() + " " + error.headers().get("x-echo"));
    }
    try {
      EmailDeliveryClient.builder().baseUrl(args[0]).credential("NoSuchScheme", "x");
    } catch (IllegalArgumentException error) {
      System.out.println("refused " + error.getMessage());
    }
  }
}
