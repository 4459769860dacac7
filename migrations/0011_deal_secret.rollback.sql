DROP TABLE deal_secret;
