import { Link } from '../../lib/router';
import { NewsletterForm } from '../newsletter-form';
import { shop, shopLinks } from '@shop/shared/domain/shop';
import { paymentMethodLabels, paymentMethods, type PaymentMethod } from '@shop/shared/domain/orders';

/** The icon of each way the shop takes money, named by the way (`cash.svg`, `transfer.svg`): only what domain/orders accepts is shown (issue 18). */
const paymentIcon = (m: PaymentMethod) => `/images/payments/${m}.svg`;

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">{shop.name}</h2>
          <address>
            {shop.street}
            <br />
            {shop.city}, {shop.country}
            <br />
            <a href={shopLinks.tel}>{shop.phone}</a>
            <br />
            <a href={shopLinks.mail}>{shop.email}</a>
          </address>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours">Orari i punës</h2>
          <dl className="hours">
            <dt>{shop.days}</dt>
            <dd>
              {shop.opens} – {shop.closes}
            </dd>
            <dt>{shop.closedDay}</dt>
            <dd>Mbyllur</dd>
          </dl>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">Lidhje</h2>
          <ul className="footer-links">
            <li>
              <Link to="/products">Produktet</Link>
            </li>
            <li>
              <Link to="/cart">Shporta</Link>
            </li>
            <li>
              <Link to="/services">Shërbimet</Link>
            </li>
            <li>
              <Link to="/accessories">Aksesorë</Link>
            </li>
            <li>
              <Link to="/gift-cards">Karta dhuratë</Link>
            </li>
            <li>
              <Link to="/terms">Privatësia</Link>
            </li>
            <li>
              <Link to="/terms">Kushtet</Link>
            </li>
            <li>
              <Link to="/warranty">Garancioni</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-news">
          <h2 id="footer-news">Abonohu</h2>
          <p>Merrni ofertat dhe lajmet e fundit në email.</p>
          <NewsletterForm idPrefix="footer" compact />
          <ul className="social" aria-label="Na ndiqni">
            <li>
              <a href={shopLinks.whatsapp} rel="noopener noreferrer" target="_blank">
                WhatsApp
              </a>
            </li>
            <li>
              <a href={shopLinks.viber}>Viber</a>
            </li>
            <li>
              <a href="https://www.instagram.com/" rel="noopener noreferrer" target="_blank">
                Instagram
              </a>
            </li>
            <li>
              <a href="https://www.facebook.com/" rel="noopener noreferrer" target="_blank">
                Facebook
              </a>
            </li>
          </ul>
        </section>
      </div>
      <div className="footer-bottom">
        <ul className="payments" aria-label="Mënyrat e pagesës">
          {paymentMethods.map((m) => (
            <li key={m}>
              <img src={paymentIcon(m)} alt="" width="48" height="30" loading="lazy" />
              <span className="payment-note">
                {paymentMethodLabels[m]}
                {m === 'cash' && ' (në dyqan ose korrierit)'}
              </span>
            </li>
          ))}
        </ul>
        <p>
          © {new Date().getFullYear()}
          {` ${shop.name}. Të gjitha të drejtat e rezervuara.`}
        </p>
      </div>
    </footer>
  );
}
