/**
 * A real SMTP server in-process for the API tests (smtp-server + mailparser): collects the parsed
 * messages, can refuse with 4xx/5xx, and can be stopped and started again on the same port. The
 * one implementation lives in tools/test-smtp.ts, shared with the browser and resilience tests.
 */
export { startTestSmtp, TestSmtpServer, type ReceivedMail, type Refusal, type TestSmtpOptions } from '../../../../tools/test-smtp';
