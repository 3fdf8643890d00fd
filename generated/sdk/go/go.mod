module email-delivery-api/generated/sdk/go

go 1.22
