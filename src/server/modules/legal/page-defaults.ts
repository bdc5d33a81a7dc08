// The texts the legal pages show until the owner edits them: a sensible start for an Argentine
// online seed shop, in the Markdown subset of domain/markdown.ts. They name the laws that apply
// (Ley 24.240 de Defensa del Consumidor and its art. 34, Ley 25.326 de Protección de Datos
// Personales, Res. SCI 424/2020 on the 'Botón de arrepentimiento'), not any one business's data:
// the shop's name, CUIT and channels are in the footer and on /contacto.
import { REVOCATION_DAYS, type LegalSlug } from '../../../domain/legal';
import { SHOP_NAME } from '../../../domain/shop';

const TERMS = `Estos términos rigen las compras realizadas en la tienda online de ${SHOP_NAME}. Al confirmar un pedido aceptas estas condiciones. Te pedimos que las leas con atención.

## 1. Quiénes pueden comprar

- La venta es exclusiva para **personas mayores de 18 años**.
- Vendemos semillas de colección, de acuerdo con la normativa vigente. Quien compra es responsable del uso que les dé, conforme a la legislación aplicable en su jurisdicción.

## 2. Productos y precios

- Los precios se muestran en pesos argentinos e incluyen IVA cuando corresponde. Los precios pueden cambiar sin aviso, pero se respeta el precio vigente al momento de confirmar el pedido.
- Las fotos son ilustrativas. Cada presentación indica la cantidad de semillas que contiene.
- La disponibilidad está sujeta al stock al momento de la compra. Si un producto se agota después de tu pedido, te avisamos y te ofrecemos un reemplazo o la devolución de lo pagado.

## 3. Pedidos y pagos

- Al confirmar el pedido recibes un email con el número de pedido y las instrucciones de pago.
- El pedido queda reservado durante el plazo indicado en el email. Si no se registra el pago en ese plazo, el pedido puede cancelarse y el stock se libera.
- Los medios de pago disponibles son los que se informan al confirmar el pedido (por ejemplo, transferencia bancaria).

## 4. Envíos

- Enviamos a todo el país. El costo y el plazo estimado dependen del método y de la provincia de destino, y se informan antes de confirmar.
- El plazo de entrega corre desde que se acredita el pago. Te enviamos el código de seguimiento cuando el paquete se despacha.

## 5. Garantía de germinación

Las semillas tienen garantía de germinación según las condiciones publicadas en la sección Garantía y Germinación. Las solicitudes se hacen desde el formulario de garantía, con fotos del proceso.

## 6. Derecho de arrepentimiento

Puedes revocar tu compra dentro de los ${REVOCATION_DAYS} días corridos desde que recibiste el producto, sin costo ni responsabilidad alguna (art. 34 de la Ley 24.240). Puedes hacerlo desde el **Botón de arrepentimiento** que está al pie de todas las páginas. Más detalles en la página de Cambios y devoluciones.

## 7. Defensa del consumidor

Ante cualquier reclamo puedes escribirnos por los canales de contacto. También puedes recurrir a la autoridad de aplicación: [formulario de Defensa del Consumidor](https://www.argentina.gob.ar/produccion/defensadelconsumidor/formulario).

## 8. Ley aplicable

Estos términos se rigen por las leyes de la República Argentina, en particular la Ley 24.240 de Defensa del Consumidor y el Código Civil y Comercial de la Nación.`;

const PRIVACY = `En ${SHOP_NAME} cuidamos tus datos personales. Esta política explica qué datos tratamos, para qué y cuáles son tus derechos, según la **Ley 25.326 de Protección de Datos Personales**.

## Qué datos recolectamos

- Los que nos das al crear una cuenta o hacer un pedido: nombre, apellido, email, teléfono y dirección de entrega.
- Los que nos envías en formularios (garantía, arrepentimiento, consultas).
- Datos técnicos mínimos para que la tienda funcione y sea segura (por ejemplo, la dirección IP para limitar intentos abusivos).

## Para qué los usamos

- Procesar y enviar tus pedidos, y comunicarnos contigo sobre ellos.
- Gestionar tu cuenta, tus solicitudes de garantía y de arrepentimiento.
- Cumplir obligaciones legales y fiscales.

No vendemos ni cedemos tus datos a terceros. Solo los compartimos con quienes necesitan tratarlos para cumplir tu pedido (por ejemplo, la empresa de envíos) o cuando la ley lo exige.

## Cookies

Usamos cookies y almacenamiento local necesarios para el funcionamiento de la tienda: mantener tu sesión, tu carrito y recordar que confirmaste ser mayor de edad. No usamos cookies de publicidad de terceros.

## Tus derechos

Como titular de los datos puedes solicitar en forma gratuita el **acceso**, la **rectificación**, la **actualización** y la **supresión** de tus datos personales, escribiéndonos por los canales de la página de contacto. Respondemos el pedido de acceso dentro de los 10 días corridos y el de rectificación o supresión dentro de los 5 días hábiles.

La Agencia de Acceso a la Información Pública, en su carácter de Órgano de Control de la Ley 25.326, tiene la atribución de atender las denuncias y reclamos que interpongan quienes resulten afectados en sus derechos por incumplimiento de las normas vigentes en materia de protección de datos personales.

## Seguridad

Guardamos tus datos con medidas de seguridad razonables: las contraseñas se almacenan cifradas y el acceso a la información está restringido al personal que la necesita.`;

const RETURNS = `Queremos que estés conforme con tu compra. Acá te contamos cómo funcionan los cambios, las devoluciones y tu derecho de arrepentimiento.

## Derecho de arrepentimiento (Ley 24.240, art. 34)

En las compras a distancia, como las de esta tienda online, tienes derecho a **revocar la aceptación dentro de los ${REVOCATION_DAYS} días corridos** contados desde que recibiste el producto o desde la celebración del contrato, lo último que ocurra, **sin costo ni responsabilidad alguna**.

Cómo hacerlo:

1. Ingresa al **Botón de arrepentimiento**, que está al pie de todas las páginas.
2. Completa tu nombre, tu email y el número de pedido.
3. Te enviamos por email un código de seguimiento de tu solicitud.

El producto debe devolverse en las mismas condiciones en que lo recibiste, con su empaque original cerrado (las semillas son un producto que no puede volver a venderse si el empaque fue abierto). Los gastos de devolución están a cargo de la tienda. Te reintegramos el importe pagado por el mismo medio de pago una vez recibido el producto.

## Cambios

- Si recibiste un producto equivocado o dañado, escríbenos dentro de los ${REVOCATION_DAYS} días de recibido, con una foto del paquete y del producto. Lo cambiamos sin costo.
- Los cambios por otros motivos se coordinan según disponibilidad de stock.

## Garantía de germinación

Los reclamos por semillas que no germinaron se gestionan con el formulario de garantía, según las condiciones publicadas en Garantía y Germinación.

## Reclamos

Si no quedaste conforme con la respuesta, puedes presentar tu reclamo ante la autoridad de aplicación: [formulario de Defensa del Consumidor](https://www.argentina.gob.ar/produccion/defensadelconsumidor/formulario).`;

export const DEFAULT_LEGAL_PAGES: Record<LegalSlug, { title: string; body: string }> = {
  terminos: { title: 'Términos y condiciones', body: TERMS },
  privacidad: { title: 'Política de privacidad', body: PRIVACY },
  'cambios-y-devoluciones': { title: 'Cambios y devoluciones', body: RETURNS },
};
